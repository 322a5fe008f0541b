import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, http, toHttpError } from '../../providers/http';
import { MAX_BULK_IDS } from '../../schema/paging';
import type { Resource } from '../../schema/resource';
import type { ApiErrorBody } from '../../schema/user';
import type { BulkExtension } from '../extension';
import type { Row } from './useListRecords';

/** One record's outcome, as `POST /<name>/bulk/<action>` answers it (see docs/api.md). */
type BulkResult = { id: number; ok: true } | { id: number; ok: false; error: ApiErrorBody };

/** What a bulk run did, as the bar reports it: how many were done, and each failure's reason. */
export interface BulkOutcome {
  done: number;
  failures: { id: number; name: string; reason: string }[];
}

interface Props {
  resource: Resource;
  /** The selected records' ids, and what is known of them (their names) from the pages seen. */
  selected: number[];
  rows: ReadonlyMap<number, Row>;
  /** Declared bulk actions the user may run, by name. */
  actions: string[];
  extension?: BulkExtension;
  outcome: BulkOutcome | null;
  /** A run ended: its outcome (the failed records stay selected). */
  onOutcome: (outcome: BulkOutcome | null) => void;
  clearSelection: () => void;
}

/**
 * The bar over a list's selected rows (loaded with the first selection): the bulk actions the
 * declaration offers and the feature's own tasks, each asked about in a dialog that names how
 * many records and what will happen, then run once per record; reports "2 done, 1 failed: …".
 */
export default function BulkBar(props: Props) {
  const { resource, selected, rows, actions, extension, outcome } = props;
  const { t } = useTranslation();
  const [asking, setAsking] = useState<string | null>(null);
  const [input, setInput] = useState<Record<string, unknown>>({});
  const [running, setRunning] = useState(false);
  const key = (name: string, part: string) => `resources.${resource.name}.actions.${name}.${part}`;
  const nameOf = (id: number) => String(rows.get(id)?.[resource.labelField] ?? `#${id}`);
  const tasks = Object.entries(extension?.tasks ?? {}).filter(([, task]) => task.available ?? true);
  const Input = asking ? extension?.inputs?.[asking] : undefined;
  const declared = asking ? resource.actions[asking] : undefined;
  const danger =
    (typeof declared?.bulk === 'object' && Boolean(declared.bulk.danger)) ||
    Boolean(asking && extension?.routes?.[asking]?.danger);
  const routes = Object.keys(extension?.routes ?? {});

  /** The records' results, from the API (a declared action, a feature's route) or run here (a task). */
  async function results(name: string, ids: number[]): Promise<BulkResult[]> {
    const task = extension?.tasks?.[name];
    if (!task) {
      // The API runs at most MAX_BULK_IDS records a call: a larger selection goes in turns.
      const url = apiUrl(`/${resource.name}/bulk/${name}`);
      const answered: BulkResult[] = [];
      for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
        const part = ids.slice(start, start + MAX_BULK_IDS);
        const answer = await http.post<{ results: BulkResult[] }>(url, { ids: part, input });
        answered.push(...answer.data.results);
      }
      return answered;
    }
    const out: BulkResult[] = [];
    for (const id of ids) {
      try {
        await task.run(rows.get(id) ?? { id });
        out.push({ id, ok: true });
      } catch (error) {
        const message = (error as { message?: string }).message ?? String(error);
        out.push({ id, ok: false, error: { message, statusCode: 0 } });
      }
    }
    return out;
  }

  async function run(name: string) {
    setRunning(true);
    const ids = [...selected];
    try {
      const answered = await results(name, ids);
      const failures = answered.flatMap((result) =>
        result.ok
          ? []
          : [
              {
                id: result.id,
                name: nameOf(result.id),
                // The server's codes in the user's language, as every other error.
                reason: toHttpError(result.error, result.error.statusCode).message,
              },
            ],
      );
      props.onOutcome({ done: answered.length - failures.length, failures });
    } catch (error) {
      const reason = (error as { message?: string }).message ?? '';
      props.onOutcome({ done: 0, failures: [{ id: 0, name: t('crud.bulk.runFailed'), reason }] });
    } finally {
      setRunning(false);
      setAsking(null);
    }
  }

  const count = selected.length;
  const label = (name: string) => t(key(name, 'label'));
  return (
    <div style={{ marginBottom: 16, display: 'grid', gap: 8 }}>
      {count > 0 && (
        <div
          role="toolbar"
          aria-label={t('crud.bulk.actions')}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
        >
          <Typography.Text strong>{t('crud.bulk.selected', { count })}</Typography.Text>
          {[...actions, ...routes, ...tasks.map(([name]) => name)].map((name) => (
            <Button
              key={name}
              onClick={() => {
                setInput({});
                setAsking(name);
              }}
            >
              {label(name)}
            </Button>
          ))}
          <Button type="link" onClick={props.clearSelection}>
            {t('crud.bulk.clear')}
          </Button>
        </div>
      )}
      {outcome && (
        <Alert
          role="status"
          showIcon
          closable
          onClose={() => props.onOutcome(null)}
          type={outcome.failures.length ? 'warning' : 'success'}
          message={
            outcome.failures.length
              ? t('crud.bulk.result', {
                  done: outcome.done,
                  failed: outcome.failures.length,
                  reasons: outcome.failures
                    .map((failure) => t('crud.bulk.failed', failure))
                    .join('; '),
                })
              : t('crud.bulk.allDone', { count: outcome.done })
          }
        />
      )}
      <Modal
        open={asking !== null}
        title={asking ? label(asking) : undefined}
        okText={asking ? label(asking) : undefined}
        cancelText={t('crud.cancel')}
        okButtonProps={{ danger, loading: running }}
        onCancel={() => setAsking(null)}
        onOk={() => void (asking && run(asking))}
        destroyOnHidden
      >
        {asking && <p>{t(key(asking, 'confirm'), { count })}</p>}
        {Input && <Input value={input} onChange={setInput} />}
      </Modal>
    </div>
  );
}
