// The `Glodon` namespace the sample pages reach into, built from the stand-in's parts. Every
// namespace and enum is loud: reading a name the stand-in lacks throws, naming it.
import { WebApplication3D, WebApplicationDemo, WebApplicationDrawing } from './applications';
import { AuthenticationManager } from './authentication';
import { FileManager } from './file-manager';
import * as configs from './configs';
import { EVENT_ENUMS } from './events';
import { withLoudMembers } from './lacking';
import { Color } from './plugins';
import { CustomItem, DrawableContainer, Image, LeadLabel } from './drawables';
import { Marker3D, Marker3DConfig, Marker3DContainer, Marker3DContainerConfig } from './marker-3d';
import { Viewer3D, ISOLATE_OPTIONS } from './viewer-3d';
import { ViewerDrawing } from './viewer-drawing';
import { VIEW_OPTIONS } from './scene-camera';

/** What marks the stand-in (`Glodon.Bimface.StandIn`): a page or test can tell it from the platform's SDK. */
const STAND_IN_MARKER = Object.freeze({
  name: 'view-token-mock viewer SDK stand-in',
  note: "Written for view-token-mock from the SDK's public names; not the platform's viewer. See docs/guides/front-end-viewer.md.",
});

const namespace = <T extends object>(path: string, members: T): T => withLoudMembers(Object.freeze(members), path);
const enumOf = (path: string, keys: readonly string[]): Readonly<Record<string, string>> =>
  namespace(path, Object.fromEntries(keys.map((key) => [key, key])));

export function createGlodon(): object {
  return namespace('Glodon', {
    Bimface: namespace('Glodon.Bimface', {
      StandIn: STAND_IN_MARKER,
      Application: namespace('Glodon.Bimface.Application', {
        WebApplication3DConfig: configs.WebApplication3DConfig,
        WebApplication3D,
        WebApplication3DEvent: EVENT_ENUMS.WebApplication3DEvent,
        WebApplicationDrawingConfig: configs.WebApplicationDrawingConfig,
        WebApplicationDrawing,
        WebApplicationDrawingEvent: EVENT_ENUMS.WebApplicationDrawingEvent,
        WebApplicationDemo,
      }),
      Viewer: namespace('Glodon.Bimface.Viewer', {
        Viewer3DConfig: configs.Viewer3DConfig,
        Viewer3D,
        Viewer3DEvent: EVENT_ENUMS.Viewer3DEvent,
        ViewerDrawingConfig: configs.ViewerDrawingConfig,
        ViewerDrawing,
        ViewerDrawingEvent: EVENT_ENUMS.ViewerDrawingEvent,
        IsolateOption: enumOf('Glodon.Bimface.Viewer.IsolateOption', ISOLATE_OPTIONS),
        ViewOption: enumOf('Glodon.Bimface.Viewer.ViewOption', VIEW_OPTIONS),
      }),
      Plugins: namespace('Glodon.Bimface.Plugins', {
        Drawable: namespace('Glodon.Bimface.Plugins.Drawable', {
          DrawableContainerConfig: configs.DrawableContainerConfig,
          DrawableContainer,
          CustomItemConfig: configs.CustomItemConfig,
          CustomItem,
          ImageConfig: configs.ImageConfig,
          Image,
          LeadLabelConfig: configs.LeadLabelConfig,
          LeadLabel,
        }),
        Marker3D: namespace('Glodon.Bimface.Plugins.Marker3D', {
          Marker3DContainerConfig,
          Marker3DContainer,
          Marker3DConfig,
          Marker3D,
        }),
      }),
      Authentication: namespace('Glodon.Bimface.Authentication', {
        AuthenticationConfig: configs.AuthenticationConfig,
        AuthenticationManager,
      }),
      Data: namespace('Glodon.Bimface.Data', {
        FileManagerConfig: configs.FileManagerConfig,
        FileManager,
      }),
    }),
    Web: namespace('Glodon.Web', { Graphics: namespace('Glodon.Web.Graphics', { Color }) }),
  });
}
