import { checkBoolean } from './check-options.js';

/**
 * `include_furniture`: whether chunks keep the model's `furniture` blocks
 * (page navigation, sidebars, running headers), which every chunker leaves
 * out by default. The setting is in a chunker's configuration, and so in its
 * `chunker_id`, only when true: the default chunkers keep the ids they had.
 */
export const FURNITURE_SETTING = 'include_furniture';

export type FurnitureSetting = {
  include_furniture?: boolean;
};

/** The configuration with `include_furniture` set to `value` (checked), present only when true. */
export function withFurnitureSetting<C extends object>(config: C, value: unknown): C {
  const { include_furniture: _old, ...rest } = config as C & FurnitureSetting;
  if (value === undefined || !checkBoolean(FURNITURE_SETTING, value)) return rest as C;
  return { ...rest, include_furniture: true } as C;
}
