import { brandLogos } from './brand-assets';
import { useBrand } from './branding-store';

/** The brand's name as its logo writes it: the brand file's key word, capitalised. */
export const brandDisplayName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The brand's main logo of the signed-out screens. It is a picture of the brand's name, so its
 * text alternative is that name, and no text beside it repeats it (issue 25: the name was shown
 * twice, logo and heading); the screen's own title is its page heading.
 */
export function BrandMainLogo({ className, height }: { className: string; height: number }) {
  const brand = useBrand();
  const logos = brandLogos(brand);
  return (
    <img
      className={className}
      src={logos.main}
      alt={brandDisplayName(brand.name)}
      height={height}
      data-testid="brand-main-logo"
    />
  );
}
