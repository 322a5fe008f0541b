import { Col, ConfigProvider, Row } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { FormItemInputContext } from 'antd/es/form/context';
import useFormStyle from 'antd/es/form/style';
import { useContext, useMemo, type ReactNode } from 'react';

interface Props {
  /** The input's id: the label points at it (none for a group of inputs). */
  id?: string;
  label: ReactNode;
  required?: boolean;
  /** The field's message, shown under the input (red, and the input's border too). */
  error?: ReactNode;
  /** A hint under the input. */
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * One labelled field laid out as antd's vertical `Form.Item`, with its markup, classes and styles
 * (antd's own form style hook, so every theme styles it), but without antd's `Form`: values and
 * rules live in react-hook-form, and antd's Form brought its own form engine (rc-field-form and
 * async-validator, ~20 kB gzip) into every form's first load for a label and a message.
 */
export function FieldLayout({ id, label, required, error, hint, children }: Props) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapCSSVar, hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const item = `${prefixCls}-item`;
  const hasError = error !== undefined && error !== null && error !== false;
  // What antd's Form.Item tells the input inside it: its status draws the red border.
  const status = useMemo(
    () => ({ status: hasError ? ('error' as const) : ('' as const), isFormItemInput: true }),
    [hasError],
  );
  // antd leaves cssVarCls undefined without CSS variables: no "undefined" class.
  const classes = [item, `${item}-vertical`, cssVarCls, rootCls, hashId].filter(Boolean);
  if (hasError) classes.push(`${item}-with-help`, `${item}-has-error`);
  return wrapCSSVar(
    <div className={classes.join(' ')}>
      <Row className={`${item}-row`}>
        <Col className={`${item}-label`}>
          <label
            htmlFor={id}
            className={required ? `${item}-required` : undefined}
            title={typeof label === 'string' ? label : ''}
          >
            {label}
          </label>
        </Col>
        <Col className={`${item}-control`}>
          <div className={`${item}-control-input`}>
            <div className={`${item}-control-input-content`}>
              <FormItemInputContext.Provider value={status}>
                {children}
              </FormItemInputContext.Provider>
            </div>
          </div>
          {hasError && (
            <div style={{ display: 'flex', flexWrap: 'nowrap' }}>
              <div
                id={id && `${id}_help`}
                className={[
                  `${item}-explain`,
                  `${item}-explain-connected`,
                  hashId,
                  cssVarCls,
                  rootCls,
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <div className={`${item}-explain-error`}>{error}</div>
              </div>
            </div>
          )}
          {hint && (
            <div id={id && `${id}_extra`} className={`${item}-extra`}>
              {hint}
            </div>
          )}
        </Col>
      </Row>
    </div>,
  );
}
