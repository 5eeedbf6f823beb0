import { Button, type ButtonProps } from 'antd';
import { brandedButtonStyle, type Branding } from './branded-registration';

/** The Register button in the organization's secondary colour, as antd's button (the admin preview's). */
export function BrandedButton({ branding, style, ...props }: ButtonProps & { branding: Branding }) {
  return <Button type="primary" {...props} style={{ ...brandedButtonStyle(branding), ...style }} />;
}
