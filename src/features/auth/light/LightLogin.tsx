import { generate } from '@ant-design/colors';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../../config';
import { changeLanguage } from '../../../i18n';
import { HOME_PATH, safeReturnPath, signInErrorKey } from '../../../providers/paths';
import { setToken, takeSessionExpired } from '../../../providers/session';
import { loginSchema } from '../../../schema/auth';
import { COLOR_PRESETS, readSettings } from '../../../shell/settings/settings';
import { tint } from '../../../shell/color';
import './light.css';

/**
 * The sign-in page of a first visit, without the dashboard: plain elements styled like antd's
 * (light.css), so the page looks the same as the dashboard's own sign-in page (LoginPage) and
 * downloads a fraction of it. The dashboard loads behind it once the user starts typing, and
 * replaces it after signing in, or when the user opens the settings or "Forgot password?".
 */
export type Continue = (options?: { to?: string; openSettings?: boolean }) => void;

/** The same order as the dashboard's language menu. */
const LANGUAGES = ['en', 'de', 'nl', 'fr', 'es'] as const;
const TOAST_MS = 3000;

function Icon({ icon, spin = false }: { icon: IconDefinition; spin?: boolean }) {
  if (typeof icon.icon === 'function') return null;
  const { attrs, children = [] } = icon.icon;
  return (
    <span role="img" aria-hidden="true" className={`light-icon${spin ? ' light-spin' : ''}`}>
      <svg viewBox={attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden>
        {children.map((child, index) => (
          <path key={index} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}

/** antd's colours for the chosen preset: the dark theme uses a darker step of the palette. */
function themeStyle(): { style: CSSProperties; mode: 'light' | 'dark'; contrast: string } {
  const settings = readSettings();
  const seed = COLOR_PRESETS[settings.themeColorPresets];
  const dark = settings.themeMode === 'dark';
  const palette = dark
    ? generate(seed, { theme: 'dark', backgroundColor: '#141414' })
    : generate(seed);
  const [primary, active] = [palette[5], palette[6]];
  return {
    mode: settings.themeMode,
    contrast: settings.themeContrast,
    style: {
      '--light-primary': dark ? primary : seed,
      // Darker on hover in the light theme, as theme.ts (white text stays at 4.5:1).
      '--light-primary-hover': dark ? palette[6] : active,
      '--light-primary-active': dark ? palette[4] : active,
      // antd's outline (focus ring, button shadow) as it shows over the card.
      '--light-outline': dark ? palette[2] : palette[0],
      '--light-primary-bg': palette[0],
      '--light-link': dark ? tint(seed, 0.4) : seed,
      '--light-link-hover': dark ? tint(seed, 0.55) : active,
      direction: settings.themeDirection,
    } as CSSProperties,
  };
}

interface Errors {
  email?: string;
  password?: string;
}

/** The dashboard page's schema: its messages (i18n keys) by field, or the values to send. */
function validate(values: { email: string; password: string }): {
  errors: Errors;
  data?: { email: string; password: string };
} {
  const result = loginSchema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { errors };
}

function LanguageButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const current = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="light-lang" ref={ref}>
      <button
        type="button"
        className="light-btn light-btn-text"
        aria-label={t('header.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon icon={GlobalOutlined} />
        <span>{current.toUpperCase()}</span>
      </button>
      {open && (
        <ul className="light-menu" role="menu">
          {LANGUAGES.map((lng) => (
            <li
              key={lng}
              role="menuitem"
              tabIndex={-1}
              lang={lng}
              aria-current={lng === current || undefined}
              className={lng === current ? 'light-menu-selected' : undefined}
              onClick={() => {
                setOpen(false);
                void changeLanguage(lng);
              }}
            >
              {t(`languages.${lng}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LightLogin({ onContinue, preload }: { onContinue: Continue; preload: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [theme] = useState(themeStyle);
  const [expired] = useState(takeSessionExpired);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [toast, setToast] = useState<{ title: string; text: string; key: number } | null>(null);

  useEffect(() => {
    document.documentElement.dataset.theme = theme.mode;
    document.documentElement.style.colorScheme = theme.mode;
    document.title = `${t('auth.signIn')} | ${t('app.name')}`;
  }, [t, theme.mode]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const change = (field: 'email' | 'password', value: string) => {
    preload();
    const next = { ...values, [field]: value };
    setValues(next);
    // Like the dashboard's forms: checked on submit, then again on every change.
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    preload();
    setSubmitted(true);
    const { errors: found, data } = validate(values);
    setErrors(found);
    if (!data) return;
    setPending(true);
    try {
      const response = await fetch(`${config.apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // The schema's values: the email trimmed, as the dashboard's page sends it.
        body: JSON.stringify({ email: data.email, password: data.password }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        accessToken?: string;
        message?: string;
      };
      if (response.ok && body.accessToken) {
        setToken(body.accessToken);
        const to = new URLSearchParams(location.search).get('to');
        onContinue({ to: safeReturnPath(to) ?? HOME_PATH });
        return;
      }
      const key = signInErrorKey(response.status);
      setToast({
        title: t('auth.signIn'),
        text: key ? t(key) : (body.message ?? t('errors.generic')),
        key: Date.now(),
      });
    } catch {
      setToast({ title: t('auth.signIn'), text: t('errors.generic'), key: Date.now() });
    }
    setPending(false);
  };

  const field = (name: 'email' | 'password') => ({
    id: `${id}-${name}`,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <div
      className={`light-root light-${theme.mode}${theme.contrast === 'bold' ? ' light-bold' : ''}`}
      style={theme.style}
    >
      <header className="light-header">
        <strong>{t('app.name')}</strong>
        <LanguageButton />
      </header>
      <main className="light-main">
        <div className="light-card">
          <h1>{t('auth.loginTitle')}</h1>
          <p className="light-secondary">{t('auth.loginSubtitle')}</p>
          {expired && (
            <div className="light-alert" role="alert">
              <Icon icon={ExclamationCircleFilled} />
              <div>
                <div className="light-alert-title">{t('auth.tokenExpired')}</div>
                <div>{t('auth.tokenExpiredDetail')}</div>
              </div>
            </div>
          )}
          <form noValidate onSubmit={(event) => void submit(event)}>
            <div className={`light-item${errors.email ? ' light-item-error' : ''}`}>
              <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
              <input
                {...field('email')}
                className="light-input"
                type="email"
                autoComplete="username"
                // The page exists to type into this field; the dashboard's page focuses it too.
                autoFocus
              />
              {errors.email && (
                <div className="light-explain" id={`${id}-email-error`}>
                  {t(errors.email)}
                </div>
              )}
            </div>
            <div className={`light-item${errors.password ? ' light-item-error' : ''}`}>
              <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
              <span className="light-input light-affix">
                <input
                  {...field('password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                />
                <button
                  type="button"
                  className="light-eye"
                  tabIndex={-1}
                  aria-label={t(showPassword ? 'auth.hidePassword' : 'auth.showPassword')}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setShowPassword((value) => !value)}
                >
                  <Icon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
                </button>
              </span>
              {errors.password && (
                <div className="light-explain" id={`${id}-password-error`}>
                  {t(errors.password)}
                </div>
              )}
            </div>
            <div className="light-forgot">
              <a
                href="/auth/reset-password"
                onClick={(event) => {
                  event.preventDefault();
                  onContinue({ to: '/auth/reset-password' });
                }}
              >
                {t('auth.forgotPassword')}
              </a>
            </div>
            <button type="submit" className="light-btn light-btn-primary" disabled={pending}>
              {pending && <Icon icon={LoadingOutlined} spin />}
              <span>{t('auth.signIn')}</span>
            </button>
          </form>
        </div>
      </main>
      <button
        type="button"
        className="light-btn light-settings"
        aria-label={t('settings.open')}
        data-tooltip={t('settings.open')}
        onClick={() => onContinue({ openSettings: true })}
      >
        <Icon icon={SettingOutlined} />
      </button>
      {toast && (
        <div className="light-toast" role="alert" key={toast.key}>
          <span className="light-toast-icon">
            <Icon icon={CloseCircleFilled} />
          </span>
          <div className="light-toast-title">{toast.title}</div>
          <div className="light-toast-text">{toast.text}</div>
          <button
            type="button"
            className="light-toast-close"
            aria-label={t('common.close')}
            onClick={() => setToast(null)}
          >
            <Icon icon={CloseOutlined} />
          </button>
        </div>
      )}
    </div>
  );
}
