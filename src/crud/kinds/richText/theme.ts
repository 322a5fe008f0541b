import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { luminance, tint } from '../../../shell/color';

/** antd's theme as the custom properties richText.css reads, so rich text follows dark mode. */
/** A dark background (the dark theme's cards). */
const isDark = (background: string) => (luminance(background) ?? 1) < 0.2;

export function useRichTextStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--rt-text': token.colorText,
    '--rt-heading': token.colorTextHeading,
    '--rt-secondary': token.colorTextSecondary,
    '--rt-link': token.colorLink,
    '--rt-border': token.colorBorder,
    '--rt-split': token.colorSplit,
    '--rt-radius': `${token.borderRadius}px`,
    '--rt-background': token.colorBgContainer,
    '--rt-primary': token.colorPrimary,
    // A pressed tool (bold, a heading): the preset itself reads at about 1.7:1 on the dark
    // theme's pressed background, so there it is a light tint of it (as the dark menu's).
    '--rt-active-text': isDark(token.colorBgContainer)
      ? tint(token.colorPrimary, 0.6)
      : token.colorPrimary,
    '--rt-primary-hover': token.colorPrimaryHover,
    '--rt-focus-ring': token.controlOutline,
    '--rt-error': token.colorError,
    '--rt-error-ring': token.colorErrorOutline,
    '--rt-active': token.colorFillSecondary,
    '--rt-disabled': token.colorTextDisabled,
    '--rt-disabled-background': token.colorBgContainerDisabled,
  } as CSSProperties;
}
