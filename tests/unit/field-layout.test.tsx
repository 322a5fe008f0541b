import { render } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import antdPackage from 'antd/package.json';
import { describe, expect, it } from 'vitest';
import { FieldLayout } from '../../src/crud/FieldLayout';

// FieldLayout copies antd's vertical Form.Item (markup, classes, the status its input reads)
// through three modules antd does not export publicly: antd/es/form/context,
// antd/es/form/style and antd/es/config-provider/hooks/useCSSVarCls (README "Speed": what it
// saves). These tests pin it to antd's own Form.Item, so an upgrade that moves them fails here.
// Form and Input come from antd/es as in the build: `antd` alone resolves to antd/lib here, whose
// form context is another module than the one FieldLayout provides.

/** The classes of an element and of the elements inside it, in document order, hashes left out. */
function shape(element: Element): string[] {
  const classes = (node: Element) =>
    [...node.classList]
      .filter((name) => !/^css-|^:where/.test(name) && !name.startsWith('ant-form-css-var'))
      .sort()
      .join(' ');
  return [element, ...element.querySelectorAll('*')].map(
    (node) => `${node.tagName.toLowerCase()}.${classes(node)}`,
  );
}

describe('FieldLayout, against antd Form.Item', () => {
  it('is written against the antd it pins (5.x)', () => {
    // Update with a check of the tests below after upgrading antd.
    expect(antdPackage.version).toMatch(/^5\./);
  });

  it('lays a required field with an error out as Form.Item does, and the input reads the error', () => {
    const theirs = render(
      <Form layout="vertical">
        <Form.Item label="Name" required validateStatus="error" help="Too short">
          <Input id="name" />
        </Form.Item>
      </Form>,
    );
    const ours = render(
      <FieldLayout id="name" label="Name" required error="Too short">
        <Input id="name" />
      </FieldLayout>,
    );
    const item = (root: HTMLElement) => root.querySelector('.ant-form-item')!;
    const labelOf = (root: HTMLElement) => root.querySelector('.ant-form-item-label label')!;
    const inputOf = (root: HTMLElement) => root.querySelector('input')!;
    // The same nesting of antd's classes from the item to its input (the message below it is
    // plainer: no show/hide motion).
    const structural = (root: HTMLElement) =>
      shape(item(root)).filter(
        (entry) =>
          /ant-form-item|ant-row|ant-col|input/.test(entry) &&
          !/explain|additional|margin-offset/.test(entry),
      );
    expect(structural(ours.container)).toEqual(structural(theirs.container));
    expect(ours.container.innerHTML).not.toMatch(/class="[^"]*\bundefined\b/);
    expect(labelOf(ours.container).className).toBe(labelOf(theirs.container).className);
    // The input drew the error status both ways (FormItemInputContext).
    expect(inputOf(theirs.container).className).toContain('ant-input-status-error');
    expect(inputOf(ours.container).className).toContain('ant-input-status-error');
    expect(ours.container.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
      'Too short',
    );
    // antd's form styles were injected for it (antd/es/form/style), as for Form.Item.
    expect(item(ours.container).className).toMatch(/css-/);
  });
});
