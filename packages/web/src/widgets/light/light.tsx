import './light.css';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

/*
 * Light form controls drawn like Ant Design's (light.css), for the sign-in page: antd's Form, Input,
 * Button and Alert bring its style engine, form store, validators and popups (~150 KB gzip) to a page
 * with two fields. Labels, keyboard and error announcements work as with antd's.
 */

/** SVG attributes as React names them (fill-rule is fillRule). */
const reactAttrs = (attrs: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [k.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );

function node(n: AbstractNode, key?: number): ReactNode {
  const Tag = n.tag as 'svg';
  return (
    <Tag key={key} {...reactAttrs(n.attrs)}>
      {n.children?.map((child, i) => node(child, i))}
    </Tag>
  );
}

/** One of Ant Design's icons from its SVG data (no icon runtime): 1em, the text colour. */
export function SvgIcon({ icon, spin }: { icon: IconDefinition; spin?: boolean }) {
  const svg = icon.icon as AbstractNode;
  return (
    <span className="fp-icon">
      <svg
        aria-hidden="true"
        {...reactAttrs(svg.attrs)}
        width="1em"
        height="1em"
        fill="currentColor"
        className={spin ? 'fp-spin' : undefined}
      >
        {svg.children?.map((child, i) => node(child, i))}
      </svg>
    </span>
  );
}

/** A label above its control and the control's error below it, as antd's vertical Form.Item. */
export function Field({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string | null;
  /** The control, given the ids that tie it to the label and the error. */
  children: (ids: { id: string; errorId: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'fp-field fp-has-error' : 'fp-field'}>
      <label className="fp-field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, errorId })}
      {error && (
        <div id={errorId} className="fp-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange'> {
  prefix?: ReactNode;
  suffix?: ReactNode;
  invalid?: boolean;
  errorId?: string;
  onValue: (value: string) => void;
  [data: `data-${string}`]: string | undefined;
}

/** A text input in antd's outlined frame, with an icon before and a control after it. */
export function TextInput({ prefix, suffix, invalid, errorId, onValue, style, ...input }: TextInputProps) {
  return (
    <span className={invalid ? 'fp-input fp-invalid' : 'fp-input'} style={style}>
      {prefix && <span className="fp-input-affix">{prefix}</span>}
      <input
        type="text"
        {...input}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onValue(event.target.value)}
      />
      {suffix}
    </span>
  );
}

/** A password input with the eye button that shows or hides it (named by `showLabel` / `hideLabel`). */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...props
}: TextInputProps & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="fp-icon-button"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <SvgIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}

export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/** A button like antd's (default or primary, block, loading with a spinning icon, icon-only). */
export function LightButton({
  primary,
  block,
  loading,
  icon,
  children,
  className,
  type = 'button',
  onClick,
  ...rest
}: LightButtonProps) {
  const classes = ['fp-button'];
  if (primary) classes.push('fp-button-primary');
  if (block) classes.push('fp-button-block');
  if (!children) classes.push('fp-button-icon-only');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <SvgIcon icon={LoadingOutlined} spin /> : icon}
      {children && <span>{children}</span>}
    </button>
  );
}

/** The error box above a form, as antd's Alert of type error with its icon. */
export function ErrorAlert({ children, ...rest }: { children: ReactNode; [data: `data-${string}`]: string }) {
  return (
    <div className="fp-alert-error" role="alert" {...rest}>
      <SvgIcon icon={CloseCircleFilled} />
      <div>{children}</div>
    </div>
  );
}

/** A page-level heading as antd's Typography.Title level 3. */
export function Title({ children }: { children: ReactNode }) {
  return <h3 className="fp-title">{children}</h3>;
}
