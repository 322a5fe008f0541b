import { zodResolver } from '@hookform/resolvers/zod';
import type { HttpError } from '@refinedev/core';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../crud/useAction';
import { useResourceText } from '../../crud/useResourceText';
import { showFieldErrors } from '../../crud/serverErrors';
import { appConnections, apps, type CredentialField } from '../../resources/apps';
import { message } from '../../schema/messages';
import { SECRET_INPUTS } from './catalogue';
import { useAppsChanged, type AppDialogProps } from './useHotelApps';
import { useToasts } from '../../providers/toasts';

type Props = AppDialogProps;

/** Each credential the app asks for is required (spec §5), as the API checks too. */
const credentialsSchema = (fields: readonly CredentialField[]) =>
  z.object(
    Object.fromEntries(
      fields.map((name) => [
        name,
        z
          .string()
          .trim()
          .min(1, message('validation.required'))
          .max(500, message('validation.tooLong', { max: 500 })),
      ]),
    ),
  );

/**
 * Connecting an app: the credentials it asks for (secrets typed hidden), or for an OAuth app a
 * step to its provider ("Continue with …"), which sends the browser back to the API's callback.
 */
export function ConnectDialog({ entry, scope, onClose }: Props) {
  const { t } = useTranslation();
  const { app } = entry;
  const oauth = app.connection === 'oauth';
  const title = t('apps.connectApp', { name: app.name });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={520}
      // Once open, the first thing to fill in (or the way to the provider) has the focus —
      // unless the person already went to a field while the dialog opened: moving the focus
      // then would send the rest of their typing (a password) into the first field.
      afterOpenChange={(open) => {
        if (open && !document.activeElement?.matches('input, textarea, select'))
          document.querySelector<HTMLElement>('[data-connect-first]')?.focus();
      }}
    >
      {oauth ? (
        <OAuthStep entry={entry} scope={scope} onClose={onClose} />
      ) : (
        <CredentialsForm entry={entry} scope={scope} onClose={onClose} />
      )}
    </Modal>
  );
}

function CredentialsForm({ entry, scope, onClose }: Props) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const text = useResourceText(appConnections);
  const formId = useId();
  const { app } = entry;
  const fields = useMemo(() => app.credentialFields ?? [], [app.credentialFields]);
  const connect = useAction(apps, 'connect');
  const changed = useAppsChanged(scope);
  const { control, handleSubmit, setError } = useForm<FieldValues>({
    resolver: zodResolver(credentialsSchema(fields)) as unknown as Resolver<FieldValues>,
    defaultValues: Object.fromEntries(fields.map((name) => [name, ''])),
  });

  const submit = handleSubmit(
    (values) =>
      new Promise<void>((done) => {
        connect.run(
          { ...(scope.onBehalf && { hotelId: scope.id }), ...values },
          {
            id: app.id,
            onSuccess: () => {
              notification.success({ message: t('apps.connected', { name: app.name }) });
              void changed();
              done();
              onClose();
            },
            onError: (error: HttpError) => {
              const shown = showFieldErrors(error, (name, text) => {
                if ((fields as readonly string[]).includes(name))
                  setError(name, { type: 'server', message: text });
              });
              const onFields =
                shown &&
                Object.keys(error.errors ?? {}).some((name) =>
                  fields.includes(name as CredentialField),
                );
              if (!onFields)
                notification.error({
                  message: t('apps.connectFailed'),
                  description: error.message,
                });
              // Refused (an administrator keeps it now) or gone: the page learns the news.
              if (
                error.statusCode === 403 ||
                error.statusCode === 404 ||
                error.statusCode === 409
              ) {
                void changed();
                onClose();
              }
              done();
            },
          },
        );
      }),
  );

  return (
    <>
      <Typography.Paragraph type="secondary">
        {fields.length
          ? t('apps.connectIntro', { name: app.name })
          : t('apps.connectNoFields', { name: app.name })}
      </Typography.Paragraph>
      <form
        id={formId}
        noValidate
        onSubmit={submit}
        aria-label={t('apps.connectApp', { name: app.name })}
      >
        <Form layout="vertical" component={false}>
          {fields.map((name, index) => {
            const id = `${formId}-${name}`;
            const Kind = SECRET_INPUTS.includes(name) ? Input.Password : Input;
            return (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => {
                  const error = fieldState.error?.message;
                  return (
                    <Form.Item
                      label={text.fieldLabel(name)}
                      htmlFor={id}
                      required
                      validateStatus={error ? 'error' : undefined}
                      help={
                        error ? (
                          <span id={`${id}-error`}>{text.errorText(name, error)}</span>
                        ) : undefined
                      }
                    >
                      <Kind
                        id={id}
                        value={field.value as string}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        data-connect-first={index === 0 ? true : undefined}
                        autoComplete={SECRET_INPUTS.includes(name) ? 'new-password' : 'off'}
                        spellCheck={false}
                        aria-required
                        aria-invalid={Boolean(error)}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                    </Form.Item>
                  );
                }}
              />
            );
          })}
        </Form>
      </form>
      <div className="app-dialog-footer">
        <Button onClick={onClose}>{t('crud.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          form={formId}
          loading={connect.isPending}
          data-connect-first={fields.length === 0 ? true : undefined}
        >
          {t('apps.connect')}
        </Button>
      </div>
    </>
  );
}

function OAuthStep({ entry, scope, onClose }: Props) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { app } = entry;
  const authorize = useAction<{ url: string }>(apps, 'authorize');
  const changed = useAppsChanged(scope);
  // Stays busy while the browser leaves for the provider.
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    setLeaving(true);
    authorize.run(scope.onBehalf ? { hotelId: scope.id } : {}, {
      id: app.id,
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        setLeaving(false);
        notification.error({ message: t('apps.connectFailed'), description: error.message });
        if (error.statusCode === 403 || error.statusCode === 404) {
          void changed();
          onClose();
        }
      },
    });
  };
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('apps.oauthIntro', { name: app.name })}
      </Typography.Paragraph>
      <div className="app-dialog-footer">
        <Button onClick={onClose}>{t('crud.cancel')}</Button>
        <Button type="primary" data-connect-first loading={leaving} onClick={start}>
          {t('apps.continueWith', { name: app.name })}
        </Button>
      </div>
    </>
  );
}
