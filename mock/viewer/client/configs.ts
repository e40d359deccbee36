// The SDK's config "classes": factory functions returning fresh plain objects, so pages may call
// them with or without `new` and spread the result (an ES class would throw without `new`).
// Hosts default from `window.hostConfig`, as the platform's SDK takes them.
import type { HostConfig } from './globals';

type Config = Record<string, unknown>;

const host = (name: keyof HostConfig): string | undefined => window.hostConfig?.[name];

export function Viewer3DConfig(): Config {
  return {
    domElement: null,
    APIHost: host('APIHost'),
    resourceHost: host('resourceHost'),
    initialViewOption: 'Home',
    homeViewOption: 'Home',
    enableViewHouse: true,
    enableReplaceMaterial: true,
    enableExplosion: false,
    loadOnDemand: true,
    minimumFPS: 15,
    enableOrbit: true,
    suffix: '.gz',
    enableToggleContextMenuDisplay: true,
    enableHover: false,
    enableBorderLine: false,
    enableIBLBackground: false,
    enableSkyBox: false,
  };
}

export function WebApplication3DConfig(): Config {
  return {
    Toolbars: ['MainToolbar', 'ModelTree'],
    Buttons: [
      'Home',
      'RectangleSelect',
      'Measure',
      'Section',
      'Walk',
      'Map',
      'Property',
      'Setting',
      'Information',
      'FullScreen',
    ],
    ...Viewer3DConfig(),
  };
}

export function ViewerDrawingConfig(): Config {
  const staticHost = host('staticHost');
  return {
    domElement: null,
    APIHost: host('APIHost'),
    resourceHost: host('resourceHost'),
    staticHost: staticHost === undefined ? undefined : `${staticHost}/api/Glodon`,
    enableLineWidth: false,
    displayMode: 0,
    enableHover: true,
  };
}

export function WebApplicationDrawingConfig(): Config {
  return {
    Toolbars: ['MainToolbar', 'LeftSubToolbar'],
    Buttons: ['Home', 'RectZoom', 'DrawingMeasure', 'Map', 'Layers', 'Setting', 'FullScreen'],
    ...ViewerDrawingConfig(),
  };
}

export function DrawableContainerConfig(): Config {
  return { viewer: null };
}

export function CustomItemConfig(): Config {
  return { content: null, viewer: null, worldPosition: null, offsetX: 0, offsetY: 0, draggable: false, tooltip: null };
}

export function LeadLabelConfig(): Config {
  return { text: '', worldPosition: null, viewer: null, id: null };
}

export function ImageConfig(): Config {
  return { src: null, width: 32, height: 32, worldPosition: null, viewer: null };
}

export function AuthenticationConfig(): Config {
  return { viewToken: null, APIHost: host('APIHost') };
}

export function FileManagerConfig(): Config {
  return { viewToken: null, modelId: null, APIHost: host('APIHost') };
}
