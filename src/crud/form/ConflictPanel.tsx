import { Alert, Button, Descriptions, Flex, Radio, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Field, ReferenceField } from '../../schema/fields';
import { useReferenceLabels } from '../referenceLabels';
import { displayText } from '../../schema/kinds';
import type { useResourceText } from '../useResourceText';
import type { FieldDifference } from './conflicts';
import { mergedSide } from './conflicts';
import type { ConflictState } from './useConflict';
import './conflicts.css';

/** The longest excerpt of a value shown side by side (a page's body reads as its start). */
const EXCERPT = 280;

export interface ConflictPanelProps {
  state: ConflictState;
  text: ReturnType<typeof useResourceText>;
  fields: readonly (readonly [string, Field])[];
}

/**
 * What an edit form shows after a save refused for a newer record (412): who changed it and
 * when, the fields that differ (theirs beside yours), and take theirs / keep mine / merge; then,
 * after taking theirs, the person's own values to put back, or after a merge, a word to save.
 */
export default function ConflictPanel({ state, text, fields }: ConflictPanelProps) {
  const { t, fieldLabel, optionLabel, language } = text;
  const { conflict, dropped, merged, picks } = state;
  const declared = useMemo(() => new Map(fields), [fields]);
  // A reference reads as the referenced record's label, as the form's select shows it, not an id.
  const listed = conflict?.found ?? dropped?.found ?? [];
  const labels = useReferenceLabels(
    listed.flatMap(({ name }) => {
      const field = declared.get(name);
      return field?.kind === 'reference' ? [[name, field] as [string, ReferenceField]] : [];
    }),
    listed.flatMap(({ name, theirs, mine }) => [{ [name]: theirs }, { [name]: mine }]),
  );
  const shown = useRef<HTMLDivElement>(null);
  // The panel takes the focus when it opens: keyboard and screen-reader users land on it.
  const opened = Boolean(conflict);
  useEffect(() => {
    if (!opened) return;
    shown.current?.focus();
    shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [opened]);

  const valueText = (name: string, value: unknown): ReactNode => {
    const field = declared.get(name);
    const label = typeof value === 'number' ? labels[name]?.[String(value)] : undefined;
    const words =
      label ??
      (field
        ? displayText(field, value, {
            language,
            t: (key) => t(key),
            optionLabel: (option) => optionLabel(name, option),
          })
        : typeof value === 'string'
          ? value
          : JSON.stringify(value ?? ''));
    if (!words) return <Typography.Text type="secondary">{t('conflicts.empty')}</Typography.Text>;
    return words.length > EXCERPT ? `${words.slice(0, EXCERPT)}…` : words;
  };

  const theirsLabel = conflict?.changedBy
    ? t('conflicts.theirsBy', { name: conflict.changedBy })
    : t('conflicts.theirs');

  const sideBySide = (difference: FieldDifference, mineOnly = false) => {
    const label = fieldLabel(difference.name);
    const side = mergedSide(difference, picks);
    const items = [
      ...(mineOnly
        ? []
        : [
            {
              key: 'theirs',
              label: theirsLabel,
              children: valueText(difference.name, difference.theirs),
            },
          ]),
      {
        key: 'mine',
        label: t('conflicts.yours'),
        children: valueText(difference.name, difference.mine),
      },
    ];
    const extra = mineOnly ? undefined : difference.changedBy === 'both' ? (
      // antd's group names no role: the choice is a named radio group for screen readers.
      <div role="radiogroup" aria-label={t('conflicts.pick', { field: label })}>
        <Radio.Group
          value={side}
          onChange={(event) => state.pick(difference.name, event.target.value)}
          options={[
            { value: 'theirs', label: t('conflicts.keepTheirs') },
            { value: 'mine', label: t('conflicts.keepYours') },
          ]}
        />
      </div>
    ) : (
      <Typography.Text type="secondary">
        {t(difference.changedBy === 'theirs' ? 'conflicts.onlyTheirs' : 'conflicts.onlyYours')}
      </Typography.Text>
    );
    return (
      // One field: its label, what merging does with it (or the pick), theirs beside yours.
      <div key={difference.name} role="group" aria-label={label} style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{label}</Typography.Text>
          {extra}
        </Flex>
        <Descriptions
          size="small"
          bordered
          layout="vertical"
          column={{ xs: 1, sm: 1, md: mineOnly ? 1 : 2 }}
          items={items}
          className="stay-conflict-values"
        />
      </div>
    );
  };

  if (conflict)
    return (
      <div ref={shown} tabIndex={-1} style={{ marginBottom: 24, outline: 'none' }}>
        <Alert
          type="warning"
          showIcon
          message={conflict.message}
          description={
            conflict.failed ? (
              <Flex gap={12} align="center" wrap>
                {t('conflicts.loadFailed')}
                <Button onClick={state.retry}>{t('errors.retry')}</Button>
              </Flex>
            ) : !conflict.theirs ? (
              <Spin size="small" tip={t('conflicts.loading')}>
                <div style={{ minHeight: 48 }} />
              </Spin>
            ) : (
              <>
                <Typography.Paragraph>
                  {conflict.found.length ? t('conflicts.intro') : t('conflicts.noDifference')}
                </Typography.Paragraph>
                {conflict.found.map((difference) => sideBySide(difference))}
                <Flex gap={8} wrap>
                  <Button type="primary" onClick={state.mergeValues}>
                    {t('conflicts.merge')}
                  </Button>
                  <Button onClick={state.takeTheirs}>{t('conflicts.takeTheirs')}</Button>
                  <Button danger onClick={state.keepMine}>
                    {t('conflicts.keepMine')}
                  </Button>
                </Flex>
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                  {t('conflicts.help')}
                </Typography.Paragraph>
              </>
            )
          }
        />
      </div>
    );
  if (dropped)
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message={t('conflicts.tookTheirs')}
        description={
          <>
            {dropped.found
              .filter((difference) => difference.changedBy !== 'theirs')
              .map((difference) => sideBySide(difference, true))}
            <Button onClick={state.restoreMine}>{t('conflicts.restoreMine')}</Button>
          </>
        }
        closable
        onClose={state.forget}
      />
    );
  if (merged)
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        style={{ marginBottom: 24 }}
        message={t('conflicts.merged')}
      />
    );
  return null;
}
