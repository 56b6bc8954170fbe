import { brandLogos } from './brand-assets';
import { useBrand } from './branding-store';

/** The brand's main logo of the signed-out screens (decorative: the brand name is text too). */
export function BrandMainLogo({ className, height }: { className: string; height: number }) {
  const logos = brandLogos(useBrand());
  return (
    <img
      className={className}
      src={logos.main}
      alt=""
      height={height}
      data-testid="brand-main-logo"
    />
  );
}
