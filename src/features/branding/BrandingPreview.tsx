import {
  BellOutlined,
  FacebookFilled,
  HomeFilled,
  InstagramFilled,
  LinkedinFilled,
  TikTokFilled,
  UserOutlined,
  XOutlined,
  YoutubeFilled,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Segmented, theme } from 'antd';
import { memo, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveUploadUrl } from '../../crud/kinds/upload/uploadUrl';
import { apiUrl, http } from '../../providers/http';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  SOCIAL_NETWORKS,
} from '../../resources/branding';
import { WELCOME_PAGE } from '../../resources/guestAppStart';
import { PAGE_TEMPLATES } from '../../resources/pages';
import type { Locale } from '../../schema/locales';
import { luminance } from '../../shell/color';
import { cssColour, type PageTemplate, type SubpageTile } from '../pages/preview/model';
import { SubpageTiles } from '../pages/preview/Subpages';
import type { PreviewHotel } from './sections';
import '../pages/preview/preview.css';
import './branding.css';

type Network = (typeof SOCIAL_NETWORKS)[number];

const NETWORK_ICONS: Record<Network, ReactNode> = {
  facebook: <FacebookFilled />,
  instagram: <InstagramFilled />,
  linkedin: <LinkedinFilled />,
  twitter: <XOutlined />,
  tiktok: <TikTokFilled />,
  youtube: <YoutubeFilled />,
};

const DARK_TEXT = '#212b36';
const LIGHT_TEXT = '#ffffff';
/** Text on a colour: white on a dark one, dark on a light one. */
const textOn = (colour: string) => ((luminance(colour) ?? 0) < 0.45 ? LIGHT_TEXT : DARK_TEXT);

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const image = (value: unknown): string | undefined => {
  const address = str(value);
  return address ? resolveUploadUrl(address) : undefined;
};
/** A social link worth showing: an http(s) address. */
const link = (value: unknown): string | undefined => {
  const address = str(value);
  return /^https?:\/\/[^\s/]+/i.test(address) ? address : undefined;
};

/** What the preview shows of the form's values: cheap, so it follows every key. */
function previewOf(values: Record<string, unknown>, company: string) {
  const primary = cssColour(values.primaryColor) ?? DEFAULT_PRIMARY_COLOR;
  const secondary = cssColour(values.secondaryColor) ?? DEFAULT_SECONDARY_COLOR;
  const social = (values.social ?? {}) as Record<string, unknown>;
  const template = (PAGE_TEMPLATES as readonly string[]).includes(String(values.template))
    ? (values.template as PageTemplate)
    : 'rows';
  return {
    title: str(values.title) || company,
    description: str(values.description),
    appText: str(values.appText),
    logo: image(values.logo),
    favicon: image(values.favicon),
    appImage: image(values.appImage),
    primary,
    secondary,
    template,
    social: SOCIAL_NETWORKS.flatMap((network) => {
      const href = link(social[network]);
      return href ? [{ network, href }] : [];
    }),
  };
}

/** An image that gives way to `fallback` when its address does not load. */
function Picture({
  src,
  alt,
  className,
  fallback,
}: {
  src?: string;
  alt: string;
  className: string;
  fallback: ReactNode;
}) {
  const [broken, setBroken] = useState<string>();
  if (!src || broken === src) return fallback;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      decoding="async"
      onError={() => setBroken(src)}
    />
  );
}

/** A page in the guest app's menu, as `GET /public/<slug>/pages` answers it. */
interface PublicPageItem {
  id: number;
  title: string;
  cover: string | null;
}

/**
 * The hotel's published pages in one language as the home's tiles, in the chosen template:
 * three empty tiles while they load, example tiles with a hint while there are none. A hotel
 * still being created (no slug yet) shows the welcome page it will start with.
 */
const HomePages = memo(function HomePages({
  slug,
  locale,
  template,
}: {
  slug: string;
  locale: Locale;
  template: PageTemplate;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: ['branding-preview-pages', slug, locale],
    queryFn: async () =>
      (
        await http.get<PublicPageItem[]>(apiUrl(`/public/${encodeURIComponent(slug)}/pages`), {
          params: { locale },
        })
      ).data,
    staleTime: 30_000,
    enabled: slug !== '',
  });
  const tiles = useMemo<SubpageTile[] | undefined>(
    () =>
      data?.map((page) => ({
        key: page.id,
        title: page.title,
        cover: page.cover ? resolveUploadUrl(page.cover) : undefined,
      })),
    [data],
  );
  if (!slug) {
    const welcome = [{ key: 1, title: WELCOME_PAGE[locale].title }];
    return <SubpageTiles template={template} tiles={welcome} />;
  }
  if (isPending) {
    const empty = [1, 2, 3].map((key) => ({ key, title: '' }));
    return <SubpageTiles template={template} tiles={empty} busy />;
  }
  if (isError) return <p className="page-preview-hint">{t('branding.preview.pagesFailed')}</p>;
  if (!tiles?.length) {
    const examples = [1, 2, 3].map((number) => ({
      key: number,
      title: t('branding.preview.examplePage', { number }),
      draft: true,
    }));
    const name = t(`resources.branding.options.template.${template}`);
    return (
      <>
        <p className="page-preview-hint">{t('branding.preview.noPages', { template: name })}</p>
        <SubpageTiles template={template} tiles={examples} />
      </>
    );
  }
  return <SubpageTiles template={template} tiles={tiles} />;
});

/**
 * The live preview beside the branding form: the guest app's home on a phone — the hotel's logo
 * and title on its primary colour, the app image with its text, the description, its published
 * pages as tiles in the chosen template, its social links — in any of the hotel's languages,
 * following the form as the operator types. Above the phone, the browser tab the website's
 * favicon and title make. Lazy-loaded by the branding form (default export).
 */
export default function BrandingPreview({
  values,
  hotel,
}: {
  values: Record<string, unknown>;
  hotel: PreviewHotel;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [locale, setLocale] = useState<Locale>(hotel.sourceLocale);
  const shown = hotel.locales.includes(locale) ? locale : hotel.sourceLocale;
  const app = previewOf(values, hotel.company);
  const onPrimary = textOn(app.primary);
  const onSecondary = textOn(app.secondary);

  const device: CSSProperties = {
    background: token.colorFillTertiary,
    borderColor: token.colorBorder,
    boxShadow: token.boxShadowTertiary,
  };
  // The guest app's own colours, whatever the dashboard's theme: custom properties for the CSS.
  const screen = {
    '--pp-background': '#ffffff',
    '--pp-text': DARK_TEXT,
    '--pp-title': app.primary,
    '--pp-button': app.primary,
    '--pp-button-text': onPrimary,
    '--bp-primary': app.primary,
    '--bp-on-primary': onPrimary,
    '--bp-secondary': app.secondary,
    '--bp-on-secondary': onSecondary,
  } as CSSProperties;
  const initial = Array.from(app.title)[0]?.toUpperCase() ?? '';
  const logoFallback = (
    <span className="branding-preview-logo branding-preview-logo--initial" aria-hidden>
      {initial}
    </span>
  );

  return (
    <div className="branding-preview">
      <div className="branding-preview-toolbar">
        <span id="branding-preview-language">{t('branding.preview.language')}</span>
        <Segmented
          size="small"
          aria-labelledby="branding-preview-language"
          value={shown}
          onChange={(value) => setLocale(value as Locale)}
          options={hotel.locales.map((code) => ({
            value: code,
            label: <span title={t(`languages.${code}`)}>{code.toUpperCase()}</span>,
          }))}
        />
      </div>
      <div
        className="branding-preview-browser-tab"
        style={{ background: token.colorBgContainer, borderColor: token.colorBorder }}
        aria-hidden
      >
        <Picture
          src={app.favicon}
          alt=""
          className="branding-preview-favicon"
          fallback={<span className="branding-preview-favicon branding-preview-favicon--empty" />}
        />
        <span className="branding-preview-browser-title">{app.title}</span>
      </div>
      <section className="page-preview" aria-label={t('branding.preview.label')} style={device}>
        <div
          className="page-preview-screen branding-preview-screen"
          style={screen}
          lang={shown}
          data-testid="branding-preview-screen"
        >
          <div className="branding-preview-header" data-testid="branding-preview-header">
            <div className="page-preview-statusbar" aria-hidden>
              <span>9:41</span>
              <span className="page-preview-statusbar-icons">
                <span />
                <span />
                <span />
              </span>
            </div>
            <div className="branding-preview-appbar">
              <Picture
                src={app.logo}
                alt={t('branding.preview.logoOf', { title: app.title })}
                className="branding-preview-logo"
                fallback={logoFallback}
              />
              <span className="branding-preview-title">{app.title}</span>
            </div>
          </div>
          {/* Scrolls inside the phone; focusable so keyboard users can scroll it too. */}
          <div className="page-preview-scroll" tabIndex={0}>
            <div className="branding-preview-hero">
              <Picture
                src={app.appImage}
                alt={t('branding.preview.appImage')}
                className="branding-preview-hero-image"
                fallback={null}
              />
              {app.appText && <p className="branding-preview-hero-text">{app.appText}</p>}
            </div>
            <div className="page-preview-content">
              {app.description && <p className="page-preview-description">{app.description}</p>}
              <h2 className="branding-preview-heading">{t('branding.preview.pages')}</h2>
              <HomePages slug={hotel.slug} locale={shown} template={app.template} />
              {app.social.length > 0 && (
                <div className="branding-preview-social">
                  <span>{t('branding.preview.follow')}</span>
                  <ul>
                    {app.social.map(({ network, href }) => (
                      <li key={network}>
                        <a
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t(`resources.branding.fields.${network}`)}
                        >
                          {NETWORK_ICONS[network]}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          </div>
          <div className="branding-preview-tabbar" aria-hidden>
            <span className="branding-preview-tabbar-active">
              <HomeFilled />
            </span>
            <span>
              <BellOutlined />
            </span>
            <span>
              <UserOutlined />
            </span>
          </div>
        </div>
      </section>
      <p className="branding-preview-caption" style={{ color: token.colorTextSecondary }}>
        {t('branding.preview.hint')}
      </p>
    </div>
  );
}
