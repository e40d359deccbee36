// What each element is drawn with for the page's calls: its own material, a colour override, the
// selection's highlight, a blink, or a translucent copy (isolation's MakeOthersTranslucent,
// transparentComponentsById). Materials are made once per look and shared.
import type { Three } from './three-loading';
import type { RgbaColor } from './viewer-state';

type Material = InstanceType<Three['MeshStandardMaterial']>;

/** How one element looks now. */
export type Look = { kind: 'own' } | { kind: 'hidden' } | { kind: 'translucent' } | { kind: 'color'; color: RgbaColor };

/** The highlight of selected components (the platform's is a light blue). */
export const SELECTION_COLOR: RgbaColor = { red: 77, green: 163, blue: 255, alpha: 1 };

export interface MaterialBook {
  /** The material a mesh whose own material is `own` gets for a look (undefined: hide the mesh). */
  materialFor(own: Material, look: Look): Material | undefined;
  dispose(): void;
}

export function createMaterialBook(three: Three): MaterialBook {
  const colors = new Map<string, Material>();
  const translucent = new Map<Material, Material>();
  return {
    materialFor(own, look) {
      if (look.kind === 'own') return own;
      if (look.kind === 'hidden') return undefined;
      if (look.kind === 'translucent') {
        let copy = translucent.get(own);
        if (copy === undefined) {
          copy = own.clone();
          Object.assign(copy, { transparent: true, opacity: 0.12, depthWrite: false });
          translucent.set(own, copy);
        }
        return copy;
      }
      const { red, green, blue, alpha } = look.color;
      const key = `${red},${green},${blue},${alpha}`;
      let material = colors.get(key);
      if (material === undefined) {
        material = new three.MeshStandardMaterial({ roughness: 0.85, metalness: 0 });
        material.color.setRGB(red / 255, green / 255, blue / 255, three.SRGBColorSpace);
        // An override colours the component itself: a little of its colour is emitted so its shaded
        // faces keep the colour a page asked for.
        material.emissive.copy(material.color).multiplyScalar(0.35);
        if (alpha < 1) Object.assign(material, { transparent: true, opacity: alpha, depthWrite: false });
        colors.set(key, material);
      }
      return material;
    },
    dispose() {
      for (const material of [...colors.values(), ...translucent.values()]) material.dispose();
    },
  };
}
