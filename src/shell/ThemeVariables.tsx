import { theme } from 'antd';
import { useLayoutEffect } from 'react';

/**
 * The theme's link and secondary-text colours as CSS variables, for the plain elements that
 * stand in for antd's Typography on lists and forms (its editable, copyable and measuring code
 * is not needed there). See `.stay-link`, `.stay-code`, `.stay-secondary` and `.stay-danger` in global.css.
 */
export function ThemeVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    style.setProperty('--stay-link', token.colorLink);
    style.setProperty('--stay-link-hover', token.colorLinkHover);
    style.setProperty('--stay-text-secondary', token.colorTextSecondary);
    style.setProperty('--stay-error', token.colorError);
  }, [token.colorLink, token.colorLinkHover, token.colorTextSecondary, token.colorError]);
  return null;
}
