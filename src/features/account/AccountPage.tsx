import { zodResolver } from '@hookform/resolvers/zod';
import { useGetIdentity, useInvalidateAuthStore, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useMemo, type ReactElement } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Conflicts } from '../../crud/form/Conflicts';
import type { Values } from '../../crud/form/conflicts';
import type { Loaded } from '../../crud/form/useConflict';
import { useFormConflict } from '../../crud/form/useFormConflict';
import { PageHeader } from '../../crud/PageHeader';
import { showFieldErrors, showSubmitError } from '../../crud/serverErrors';
import { QueryState } from '../../crud/QueryState';
import { ResourceFields } from '../../crud/ResourceFields';
import { useResourceText } from '../../crud/useResourceText';
import { useWarnWhenDirty } from '../../crud/useWarnWhenDirty';
import { rememberCurrentUser } from '../../providers/authProvider';
import { apiUrl, http } from '../../providers/http';
import { setToken } from '../../providers/session';
import { users } from '../../resources/users';
import { PROFILE_FIELDS, profileSchema } from '../../resources/account';
import {
  ADDRESS_FIELD,
  changePasswordFormSchema,
  FRESH_TOKEN_HEADER,
  type ChangePasswordFormValues,
} from '../../schema/account';
import { parseMessage } from '../../schema/messages';
import { etagOf, versionOf } from '../../schema/versions';
import { ChangeEmail } from './ChangeEmail';
import { ExportButton } from '../offboarding/ExportButton';
import { CHANGE_PASSWORD_MIN, type User } from '../../schema/user';
import { useToasts } from '../../providers/toasts';

/** /dashboard/user/account: one's own profile and password (issue 10 §4, spec §5). */
export default function AccountPage() {
  const { t } = useTranslation();
  const { data: user, isLoading, isError, error, refetch } = useGetIdentity<User>();
  return (
    <>
      <PageHeader title={t('account.title')} />
      <QueryState
        isLoading={isLoading}
        isError={isError}
        error={error as HttpError | null}
        failed={t('account.loadFailed')}
        retry={() => void refetch()}
      >
        {user?.passwordTemporary && (
          <Alert
            type="warning"
            showIcon
            message={t('account.temporaryPassword')}
            description={t('account.temporaryPasswordHelp')}
            style={{ marginBottom: 24 }}
          />
        )}
        {user && (
          <Row gutter={[24, 24]} align="top">
            <Col xs={24} xl={14}>
              <ProfileCard user={user} />
            </Col>
            <Col xs={24} xl={10}>
              <PasswordCard />
              {user.role === 'operator' && <MyDataCard />}
            </Col>
          </Row>
        )}
      </QueryState>
    </>
  );
}

/** A hotel downloads everything it keeps here (GDPR Art. 20 portability). */
function MyDataCard() {
  const { t } = useTranslation();
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('offboarding.myTitle')}</h2>}
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">{t('offboarding.myHelp')}</Typography.Paragraph>
      <ExportButton path="/users/me/export" label={t('offboarding.myExport')} />
    </Card>
  );
}

const profileValues = (user: User): FieldValues => ({
  name: user.name ?? '',
  phoneNumber: user.phoneNumber ?? '',
  avatar: user.avatar ?? '',
  address: Object.fromEntries(
    Object.keys(ADDRESS_FIELD.of).map((part) => [
      part,
      (user.address as unknown as Record<string, string> | undefined)?.[part] ?? '',
    ]),
  ),
});

/** The account as it is on the server now (a 412's "theirs"). */
const currentAccount = async (): Promise<Values> =>
  (await http.get<Values>(apiUrl('/users/me'))).data;

/** The profile's values and version from a stored account (the conflict panel compares them). */
const loadedFrom = (stored: Values): Loaded => ({
  values: profileValues(stored as unknown as User),
  version: versionOf(stored),
});

function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const text = useResourceText(users);
  const { notification } = useToasts();
  const invalidateAuth = useInvalidateAuthStore();
  const fields = useMemo(() => Object.entries(PROFILE_FIELDS), []);
  const names = useMemo(() => Object.keys(PROFILE_FIELDS), []);
  const form = useForm<FieldValues>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<FieldValues>,
    defaultValues: profileValues(user),
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting, isDirty },
  } = form;
  useWarnWhenDirty(isDirty);

  // Versions (issue 38): a save sends the version the profile was loaded with as If-Match; a
  // 412 (an administrator, another tab) opens the conflict panel the edit forms show.
  const { conflict, saved, ifMatch } = useFormConflict({
    resource: users.name,
    id: user.id,
    names,
    loaded: user as unknown as Values,
    loadedFrom,
    form,
    getTheirs: currentAccount,
  });

  const save = handleSubmit(async (values) => {
    try {
      const { data } = await http.patch<User>(apiUrl('/users/me'), values, {
        ...(ifMatch !== undefined && { headers: { 'If-Match': etagOf(ifMatch) } }),
      });
      rememberCurrentUser(data);
      reset(profileValues(data));
      saved(data as unknown as Values);
      await invalidateAuth();
      notification.success({ message: t('account.profileSaved') });
    } catch (failure) {
      if ((failure as HttpError).statusCode === 412) {
        conflict.open(failure as HttpError, values);
        return;
      }
      showSubmitError(
        failure,
        (name, message) => setError(name, { type: 'server', message }),
        notification,
        t('account.profileFailed'),
      );
    }
  });

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('account.profile')}</h2>}>
      <form noValidate onSubmit={save} aria-label={t('account.profile')}>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={text.fieldLabel('email')}
            htmlFor="account-email"
            extra={t('account.emailHint')}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input id="account-email" value={user.email} readOnly variant="filled" />
              <ChangeEmail user={user} />
            </Space.Compact>
          </Form.Item>
          <Conflicts state={conflict} text={text} fields={fields} resubmit={() => void save()} />
          <ResourceFields fields={fields} control={control} text={text} />
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {t('account.saveProfile')}
          </Button>
        </Form>
      </form>
    </Card>
  );
}

const EMPTY_PASSWORDS: ChangePasswordFormValues = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * The change of one's own password. `onChanged` runs after the server took it (the "choose your
 * password" screen opens the dashboard then); `title` names the card.
 */
export function PasswordCard({
  title,
  onChanged,
}: { title?: string; onChanged?: () => Promise<void> } = {}) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY_PASSWORDS,
  });

  const submit = handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      const response = await http.post(apiUrl('/users/me/password'), { oldPassword, newPassword });
      // Every other session ended; this one goes on with the token of the new session version.
      const fresh = response.headers.get(FRESH_TOKEN_HEADER);
      if (fresh) setToken(fresh);
      reset(EMPTY_PASSWORDS);
      notification.success({ message: t('account.passwordChanged') });
      await onChanged?.();
    } catch (failure) {
      const error = failure as HttpError;
      if (error.statusCode === 429) {
        notification.error({
          message: t('account.passwordFailed'),
          description: t('account.tooManyAttempts'),
        });
        return;
      }
      // The one field error a valid form meets: a wrong current password, in the user's
      // language, under its field and in the toast (not the API's generic "Validation failed").
      const wrongPassword = error.errors?.oldPassword !== undefined;
      showFieldErrors(error, (name, message) =>
        setError(name as keyof ChangePasswordFormValues, {
          type: 'server',
          message: name === 'oldPassword' ? 'account.errors.wrongPassword' : message,
        }),
      );
      notification.error({
        message: t('account.passwordFailed'),
        description: wrongPassword ? t('account.errors.wrongPassword') : error.message,
      });
    }
  });

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title ?? t('account.changePassword')}</h2>}
    >
      <form noValidate onSubmit={submit} aria-label={title ?? t('account.changePassword')}>
        <Form layout="vertical" component={false}>
          <PasswordItem control={control} name="oldPassword" label={t('account.oldPassword')}>
            {(field) => <Input.Password {...field} autoComplete="current-password" />}
          </PasswordItem>
          <PasswordItem
            control={control}
            name="newPassword"
            label={t('account.newPassword')}
            extra={t('account.newPasswordHint', { min: CHANGE_PASSWORD_MIN })}
          >
            {(field) => <Input.Password {...field} autoComplete="new-password" />}
          </PasswordItem>
          <PasswordItem
            control={control}
            name="confirmPassword"
            label={t('account.confirmPassword')}
          >
            {(field) => <Input.Password {...field} autoComplete="new-password" />}
          </PasswordItem>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            {t('account.savePassword')}
          </Button>
        </Form>
      </form>
    </Card>
  );
}

/** A labelled password input; its error (an i18n key, maybe with parameters) shows under it. */
function PasswordItem<T extends FieldValues>({
  control,
  name,
  label,
  extra,
  children,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  extra?: string;
  children: (field: {
    id: string;
    value: string;
    onChange: (...event: unknown[]) => void;
    onBlur: () => void;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactElement;
}) {
  const { t, i18n } = useTranslation();
  const id = `field-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const parsed = error ? parseMessage(error) : undefined;
        const message = parsed
          ? i18n.exists(parsed.key)
            ? t(parsed.key, { field: label, ...parsed.params })
            : error
          : undefined;
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            required
            extra={extra}
            validateStatus={message ? 'error' : undefined}
            help={message ? <span id={`${id}-error`}>{message}</span> : undefined}
          >
            {children({
              id,
              value: field.value as string,
              onChange: field.onChange,
              onBlur: field.onBlur,
              'aria-invalid': Boolean(message),
              'aria-describedby': message ? `${id}-error` : undefined,
            })}
          </Form.Item>
        );
      }}
    />
  );
}
