import type { ComponentProps } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
}

/** The classes of a button, for a link that leads somewhere but reads as a button ('Search for jobs'). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'> = {}): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? ''].join(' ');
}

export function Button({ variant = 'primary', size = 'md', block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block, className })} {...rest} />;
}
