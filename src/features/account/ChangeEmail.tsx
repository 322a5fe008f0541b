import { zodResolver } from '@hookform/resolvers/zod';
import { useInvalidateAuthStore } from '@refinedev/core';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormItem } from '../../crud/FormItem';
import { showSubmitError } from '../../crud/serverErrors';
import { rememberCurrentUser } from '../../providers/authProvider';
import { apiUrl, http } from '../../providers/http';
import { changeEmailSchema, type ChangeEmailValues } from '../../schema/account';
import type { User } from '../../schema/user';
import { useToasts } from '../../providers/toasts';

/**
 * The own sign-in address, changed in a dialog that asks for the current password
 * (`POST /users/me/email`); the new address gets a confirmation link.
 */
export function ChangeEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const invalidateAuth = useInvalidateAuthStore();
  const [open, setOpen] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<ChangeEmailValues>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  const close = () => {
    setOpen(false);
    reset();
  };
  const submit = handleSubmit(async (values) => {
    try {
      const { data } = await http.post<User>(apiUrl('/users/me/email'), values);
      rememberCurrentUser(data);
      await invalidateAuth();
      close();
      notification.success({
        message: t('account.emailChanged'),
        description: t('account.emailChangedHelp', { email: data.email }),
      });
    } catch (failure) {
      showSubmitError(
        failure,
        (name, message) => setError(name as keyof ChangeEmailValues, { type: 'server', message }),
        notification,
        t('account.emailFailed'),
      );
    }
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('account.changeEmail')}</Button>
      <Modal
        open={open}
        title={t('account.changeEmail')}
        okText={t('account.changeEmail')}
        cancelText={t('crud.cancel')}
        onOk={() => void submit()}
        onCancel={close}
        confirmLoading={isSubmitting}
        destroyOnHidden
      >
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t('account.changeEmail')}
        >
          <Form layout="vertical" component={false}>
            <p>{t('account.changeEmailHelp', { email: user.email })}</p>
            <FormItem control={control} name="email" label={t('account.newEmail')} required>
              {(field) => <Input {...field} type="email" autoComplete="email" autoFocus />}
            </FormItem>
            <FormItem control={control} name="password" label={t('account.oldPassword')} required>
              {(field) => <Input.Password {...field} autoComplete="current-password" />}
            </FormItem>
            {/* Enter submits the dialog's form. */}
            <button type="submit" hidden />
          </Form>
        </form>
      </Modal>
    </>
  );
}
