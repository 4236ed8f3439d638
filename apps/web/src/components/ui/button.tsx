import type { ComponentProps } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
}

export function Button({ variant = 'primary', size = 'md', block, className, type = 'button', ...rest }: ButtonProps) {
  const cls = [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? ''].join(' ');
  return <button type={type} className={cls} {...rest} />;
}
