import { Button, type ButtonProps } from 'antd';
import { BRANDED_BUTTON_STYLE } from './branded-registration';

/**
 * The Register button in the organization's secondary colour, as antd's button (the admin preview's), inside
 * `BrandedRegistration`.
 */
export function BrandedButton({ style, ...props }: ButtonProps) {
  return <Button type="primary" {...props} style={{ ...BRANDED_BUTTON_STYLE, ...style }} />;
}
