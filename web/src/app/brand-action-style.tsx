import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { ActionButtonStyleProvider } from '../components/action-button/action-button';
import { useMemberBrand } from '../entities/member-brand/get-member-brand';

/**
 * The action buttons' colours on a page built without antd (the roadmap, issue 22): the platform's are
 * action-button.css's own fallbacks, so nothing loads for them; a member of an organization with a brand gets
 * its colours once antd's theme (which derives them, as `AntdScope` does) has loaded.
 */
export function BrandActionStyle({ children }: { children: ReactNode }) {
  const brand = useMemberBrand();
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  useEffect(() => {
    if (!brand) {
      setStyle(undefined);
      return;
    }
    let current = true;
    void Promise.all([
      import('../components/action-button/action-button-style'),
      import('./brand-theme'),
      import('./theme'),
    ]).then(([{ actionButtonStyle }, { brandTheme }, { theme }]) => {
      if (current) setStyle(actionButtonStyle(brandTheme(theme, brand)));
    });
    return () => {
      current = false;
    };
  }, [brand]);
  return <ActionButtonStyleProvider value={style}>{children}</ActionButtonStyleProvider>;
}
