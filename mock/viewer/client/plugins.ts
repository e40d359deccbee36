// `Glodon.Web.Graphics.Color`: the colour every colour call takes.
import { refuse, withLoudMethods } from './lacking';
import { describe } from './viewer-state';

/** `new Color(r, g, b, a)` or `new Color('#rrggbb', alpha)`. */
export class Color {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;

  constructor(first: unknown, second?: unknown, third?: unknown, fourth?: unknown) {
    const call = 'new Glodon.Web.Graphics.Color(…)';
    if (typeof first === 'string') {
      const hex = /^#?([0-9a-f]{6})$/i.exec(first)?.[1];
      if (hex === undefined) refuse(call, `takes '#rrggbb' and an alpha, got ${describe(first)}`);
      [this.red, this.green, this.blue] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [
        number,
        number,
        number,
      ];
      this.alpha = typeof second === 'number' ? second : 1;
    } else {
      if (![first, second, third].every((part) => typeof part === 'number'))
        refuse(
          call,
          `takes (red, green, blue, alpha) numbers or ('#rrggbb', alpha), got ${describe([first, second, third, fourth])}`,
        );
      [this.red, this.green, this.blue] = [first, second, third] as [number, number, number];
      this.alpha = typeof fourth === 'number' ? fourth : 1;
    }
    return withLoudMethods(this, 'Glodon.Web.Graphics.Color');
  }
}
