import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** antd's theme as the custom properties richText.css reads, so rich text follows dark mode. */
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
    '--rt-primary-hover': token.colorPrimaryHover,
    '--rt-focus-ring': token.controlOutline,
    '--rt-error': token.colorError,
    '--rt-error-ring': token.colorErrorOutline,
    '--rt-active': token.colorFillSecondary,
    '--rt-disabled': token.colorTextDisabled,
    '--rt-disabled-background': token.colorBgContainerDisabled,
  } as CSSProperties;
}
