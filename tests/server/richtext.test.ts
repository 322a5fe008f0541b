import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { richText, text } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import {
  cleanRichTextAttributes,
  isSafeImageSource,
  isSafeLinkHref,
  plainText,
  sanitizeRichText,
} from '../../src/schema/richText';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

/**
 * Rich text is sanitised with one allowlist (src/schema/richText.ts) before it is stored: the
 * sanitiser against the usual XSS payloads, the markup the editor writes surviving unchanged,
 * and a write over HTTP to a declaration with a richText field.
 */

// ---------------------------------------------------------------------------------------------
// The sanitiser

/** What must never be in sanitised output, whatever the input. */
const DANGEROUS = [
  /<script/i,
  /<iframe/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<object/i,
  /<embed/i,
  /\son[a-z]+\s*=/i,
  /style\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
];

const XSS: [name: string, html: string, expected: string][] = [
  ['a script element', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
  [
    'a script element in upper case',
    '<SCRIPT SRC=//evil.test/x.js></SCRIPT><p>ok</p>',
    '<p>ok</p>',
  ],
  ['an image with onerror', '<img src=x onerror=alert(1)>', ''],
  [
    'an allowed image with onerror',
    '<img src="/uploads/files/3/a.png" onerror="alert(1)" alt="Pool">',
    '<img src="/uploads/files/3/a.png" alt="Pool">',
  ],
  ['svg with onload', '<svg onload=alert(1)><circle r="1"/></svg><p>ok</p>', '<p>ok</p>'],
  ['svg smuggling a script', '<svg><script>alert(1)</script></svg>', ''],
  ['a body with onload', '<body onload=alert(1)><p>ok</p></body>', '<p>ok</p>'],
  ['a javascript: link', '<a href="javascript:alert(1)">x</a>', 'x'],
  ['a JavaScript: link in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
  ['a javascript: link with leading spaces', '<a href="  javascript:alert(1)">x</a>', 'x'],
  ['a javascript: link with a tab inside', '<a href="java\tscript:alert(1)">x</a>', 'x'],
  [
    'a javascript: link with a newline entity inside',
    '<a href="java&#10;script:alert(1)">x</a>',
    'x',
  ],
  ['a javascript: link in decimal entities', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
  [
    'a javascript: link in hex entities without semicolons',
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    'x',
  ],
  ['a javascript: link with a named colon', '<a href="javascript&colon;alert(1)">x</a>', 'x'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
  [
    'a data: link',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>',
    'd',
  ],
  ['a data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
  ['a javascript: image', '<img src="javascript:alert(1)">', ''],
  [
    'an iframe of a well-known host (we allow none)',
    '<iframe src="https://www.youtube.com/embed/x">fallback</iframe><p>after</p>',
    '<p>after</p>',
  ],
  ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['an object', '<object data="javascript:alert(1)"></object>', ''],
  ['an embed', '<embed src="https://evil.test/x.swf">', ''],
  [
    'a style element',
    '<style>p{background:url(javascript:alert(1))}</style><p>ok</p>',
    '<p>ok</p>',
  ],
  [
    'style, class and event attributes',
    '<p style="color:red" class="x" onclick="alert(1)" id="y">styled</p>',
    '<p>styled</p>',
  ],
  ['a form and its button', '<form action="https://evil.test"><button>Go</button></form>', 'Go'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['a base element', '<base href="https://evil.test/"><p>ok</p>', '<p>ok</p>'],
  ['a split script tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['nested script tags', '<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  [
    'a noscript breaking out of an attribute',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '',
  ],
  [
    'mXSS through math and style',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '',
  ],
  [
    'an unclosed image tag',
    '<p>ok</p><img src="https://example.com/a.png" onerror="alert(1)"',
    '<p>ok</p>',
  ],
  [
    'a comment hiding a script',
    '<p>a<!--<script>alert(1)</script>--></p><!--><script>alert(2)</script>-->',
    '<p>a</p>--&gt;',
  ],
  ['a CDATA section', '<p><![CDATA[<script>alert(1)</script>]]></p>', ''],
  [
    'a link target that would navigate the page',
    '<a href="https://example.com" target="_top">x</a>',
    '<a href="https://example.com">x</a>',
  ],
  [
    'a new-window link without rel',
    '<a href="https://example.com" target="_blank">x</a>',
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
  ],
  [
    'a new-window link with an unsafe rel',
    '<a href="https://example.com" target="_blank" rel="opener">x</a>',
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
  ],
];

describe('sanitizeRichText', () => {
  it.each(XSS)('removes %s', async (_name, html, expected) => {
    const clean = await sanitizeRichText(html);
    expect(clean).toBe(expected);
    for (const pattern of DANGEROUS) expect(clean).not.toMatch(pattern);
  });

  it('keeps the markup the editor writes, unchanged', async () => {
    const html = [
      '<h2>Welcome</h2>',
      '<h3>Breakfast</h3>',
      '<h4>Hours</h4>',
      '<p>Served <strong>daily</strong> from <em>7:00</em>, <u>on the terrace</u>, ',
      '<s>not in the lobby</s>; <b>bold</b> and <i>italic</i> too.<br>New line.</p>',
      '<ul><li><p>Eggs</p></li><li><p>Pancakes</p></li></ul>',
      '<ol><li><p>First</p></li><li><p>Second</p></li></ol>',
      '<ol start="3" type="a"><li><p>Third</p></li></ol>',
      '<blockquote><p>Best breakfast in town.</p></blockquote>',
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/menu?x=1&amp;y=2">',
      'The menu</a> or <a href="mailto:info@example.com">mail us</a>.</p>',
      '<p><img src="/uploads/files/3/7c0a1d2e.png" alt="The terrace" width="640" height="480"></p>',
      '<p><img src="https://cdn.example.com/pool.jpg" alt=""></p>',
      '<hr>',
      '<p>Tom &amp; Jerry &lt;3 caf&eacute;&nbsp;au lait</p>',
    ].join('');
    const expected = html.replace('caf&eacute;', 'café');
    expect(await sanitizeRichText(html)).toBe(expected);
    // Sanitising what was stored changes nothing.
    expect(await sanitizeRichText(expected)).toBe(expected);
  });

  it('writes void elements the way HTML (and the editor) does', async () => {
    expect(await sanitizeRichText('<p>a<br/>b<br />c</p><hr/>')).toBe('<p>a<br>b<br>c</p><hr>');
  });

  it('unwraps elements outside the allowlist but keeps their text', async () => {
    expect(await sanitizeRichText('<p><span>a</span> <code>b</code> <font>c</font></p>')).toBe(
      '<p>a b c</p>',
    );
    expect(await sanitizeRichText('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });

  it('moves headings outside the editor’s levels to the nearest allowed one', async () => {
    expect(await sanitizeRichText('<h1>Title</h1><h5>Small</h5><h6>Smaller</h6>')).toBe(
      '<h2>Title</h2><h4>Small</h4><h4>Smaller</h4>',
    );
  });

  it('drops links that are not absolute http(s) or mailto, keeping their text', async () => {
    // Protocol-relative: its scheme depends on where the text is shown (file: in an app's web view).
    expect(await sanitizeRichText('<a href="//evil.test/x">x</a>')).toBe('x');
    expect(await sanitizeRichText('<a href="/dashboard">x</a>')).toBe('x');
    expect(await sanitizeRichText('<a href="#top">x</a>')).toBe('x');
    expect(await sanitizeRichText('<a href="ftp://example.com">x</a>')).toBe('x');
    expect(await sanitizeRichText('<a href="tel:+31201234567">x</a>')).toBe('x');
    expect(await sanitizeRichText('<a>no address</a>')).toBe('no address');
    expect(await sanitizeRichText('<a href="https:example.com">x</a>')).toBe('x');
  });

  it('keeps images only from http(s) or the API’s uploaded files', async () => {
    const img = async (src: string) => sanitizeRichText(`<img src="${src}" alt="a">`);
    expect(await img('/uploads/files/3/a.png')).toBe('<img src="/uploads/files/3/a.png" alt="a">');
    expect(await img('https://example.com/a.png')).toBe(
      '<img src="https://example.com/a.png" alt="a">',
    );
    for (const bad of [
      '/uploads/files/../../db.json',
      '/uploads/files/3/../../x',
      '/uploads/files/',
      '/uploads/other/a.png',
      '/api/users',
      '//evil.test/a.png',
      '\\\\evil.test\\a.png',
      'a.png',
      'ftp://example.com/a.png',
      'file:///etc/passwd',
    ]) {
      expect(await img(bad), bad).toBe('');
    }
  });

  it('drops width, height and list numbers that are not numbers', async () => {
    expect(
      await sanitizeRichText('<img src="https://example.com/a.png" width="100%" height="1e9">'),
    ).toBe('<img src="https://example.com/a.png">');
    expect(await sanitizeRichText('<ol start="x" type="disc"><li>a</li></ol>')).toBe(
      '<ol><li>a</li></ol>',
    );
  });

  it('answers an empty string for a document without text or image', async () => {
    expect(await sanitizeRichText('')).toBe('');
    expect(await sanitizeRichText('<p></p>')).toBe('');
    expect(await sanitizeRichText('<p> </p><p><br></p>')).toBe('');
    expect(await sanitizeRichText('<script>alert(1)</script>')).toBe('');
    expect(await sanitizeRichText('<p><img src="/uploads/files/3/a.png"></p>')).toBe(
      '<p><img src="/uploads/files/3/a.png"></p>',
    );
  });

  it('stays fast on deeply nested and broken markup', async () => {
    const started = Date.now();
    const nested = `${'<blockquote>'.repeat(5000)}deep${'</blockquote>'.repeat(5000)}`;
    const clean = await sanitizeRichText(nested);
    expect(clean).toContain('deep');
    // Past the nesting limit elements are unwrapped; what stays is balanced.
    expect(clean.split('<blockquote>').length).toBe(clean.split('</blockquote>').length);
    await sanitizeRichText('<a<a<a'.repeat(20000));
    expect(plainText('<a<a<a'.repeat(20000))).toContain('<a');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the allowlist’s parts', () => {
  it('judges link addresses', () => {
    expect(isSafeLinkHref('https://example.com')).toBe(true);
    expect(isSafeLinkHref('HTTP://EXAMPLE.COM')).toBe(true);
    expect(isSafeLinkHref('mailto:info@example.com')).toBe(true);
    expect(isSafeLinkHref(' https://example.com ')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'java\nscript:x', '//x.test', '/x', 'https:x.test']) {
      expect(isSafeLinkHref(bad), bad).toBe(false);
    }
  });

  it('judges image sources', () => {
    expect(isSafeImageSource('/uploads/files/1/a-b_c.d.png')).toBe(true);
    expect(isSafeImageSource('https://example.com/a.png')).toBe(true);
    expect(isSafeImageSource('mailto:x@example.com')).toBe(false);
    expect(isSafeImageSource('/uploads/files/.hidden')).toBe(false);
  });

  it('cleans attributes the same way for both sanitisers', () => {
    expect(
      cleanRichTextAttributes('a', {
        href: 'https://example.com',
        target: '_blank',
        rel: 'nofollow noopener',
        onclick: 'x',
      }),
    ).toEqual({
      href: 'https://example.com',
      target: '_blank',
      rel: 'nofollow noopener noreferrer',
    });
    expect(cleanRichTextAttributes('p', { class: 'x', style: 'y' })).toEqual({});
    expect(cleanRichTextAttributes('img', { src: 'data:x', alt: 'a' })).toEqual({ alt: 'a' });
  });
});

describe('plainText', () => {
  it('gives the text on one line, words kept apart by blocks but not by marks', () => {
    expect(
      plainText(
        '<h2>Title</h2><p>W<em>o</em>rd &amp; more&nbsp;here<br>next</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('Title Word & more here next one two');
  });

  it('decodes entities once, and leaves scripts and styles out', () => {
    expect(plainText('<p>&lt;b&gt; &amp;lt; &#8364; &#x1F600; &#0; &unknown;</p>')).toBe(
      '<b> &lt; € 😀 \uFFFD &unknown;',
    );
    expect(plainText('<p>a</p><script>alert(1)</script><style>p{}</style><!-- c -->b')).toBe('a b');
    expect(plainText('')).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// Over HTTP: a declaration with a richText field stores only sanitised HTML.

const notes = defineResource({
  name: 'rich-notes',
  route: 'rich-notes',
  owned: true,
  access: owner(),
  labelField: 'title',
  fields: {
    title: text({ required: true }),
    body: richText(),
  },
});

describe('a richText field over HTTP', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ resources: [...resources, notes] });
    token = await server.login(AMSTERDAM);
  });
  afterAll(async () => {
    await server.close();
  });

  const stored = (id: number) => server.data.get('rich-notes', id);

  it('stores rich text sanitised on create and on update', async () => {
    const created = await server.send('POST', '/rich-notes', token, {
      title: 'Breakfast',
      body:
        '<h2 onclick="alert(1)">Breakfast</h2><script>alert(1)</script>' +
        '<p><a href="javascript:alert(1)">menu</a> <img src=x onerror=alert(1)></p>' +
        '<iframe src="https://evil.test"></iframe>',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((created.body as { body: string }).body).toBe('<h2>Breakfast</h2><p>menu </p>');
    expect((await stored(id))?.body).toBe('<h2>Breakfast</h2><p>menu </p>');

    const patched = await server.send('PATCH', `/rich-notes/${id}`, token, {
      body: '<p style="color:red">Served <strong onmouseover="x()">daily</strong></p>',
    });
    expect(patched.status).toBe(200);
    expect((await stored(id))?.body).toBe('<p>Served <strong>daily</strong></p>');

    const read = await server.send('GET', `/rich-notes/${id}`, token);
    expect((read.body as { body: string }).body).toBe('<p>Served <strong>daily</strong></p>');
  });

  it('stores good markup as it was sent', async () => {
    const body =
      '<h2>Pool</h2><p>Open <em>daily</em>. <a target="_blank" rel="noopener noreferrer" ' +
      'href="https://example.com">Rules</a></p><p><img src="/uploads/files/1/pool.png" alt="Pool"></p>';
    const created = await server.send('POST', '/rich-notes', token, { title: 'Pool', body });
    expect(created.status).toBe(201);
    expect((await stored((created.body as { id: number }).id))?.body).toBe(body);
  });
});
