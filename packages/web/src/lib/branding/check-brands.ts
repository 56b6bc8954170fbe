import { brandsFileSchema, type BrandsFile } from '@hearth/protocol';

/** The brand file as checked, or undefined when it does not hold (zod: a chunk of its own). */
export function checkBrands(answer: unknown): BrandsFile | undefined {
  const parsed = brandsFileSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}
