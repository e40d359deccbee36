// `Glodon.Bimface.Application`: the applications around the viewers (toolbars, one listener store
// with their viewer) and the one-call demo application.
import { WebApplication3DConfig, WebApplicationDrawingConfig } from './configs';
import { refuse, withLoudMethods } from './lacking';
import type { ViewerConfig } from './viewer-base';
import { toDomElement } from './viewer-base';
import { Viewer3D } from './viewer-3d';
import { ViewerDrawing } from './viewer-drawing';
import { describe } from './viewer-state';

class Toolbar {
  constructor(private readonly _element: HTMLElement) {}
  show(): void {
    this._element.style.display = '';
  }
  hide(): void {
    this._element.style.display = 'none';
  }
  isShown(): boolean {
    return this._element.style.display !== 'none';
  }
}

/** The config's toolbars, drawn in the viewer's element; `MainToolbar` has the SDK's classes `bf-toolbar bf-toolbar-bottom`. */
function createToolbars(owner: string, config: ViewerConfig, root: HTMLElement): Map<string, Toolbar> {
  const names = Array.isArray(config.Toolbars)
    ? config.Toolbars.filter((name): name is string => typeof name === 'string')
    : [];
  const buttons = Array.isArray(config.Buttons) ? config.Buttons.join(' · ') : '';
  const toolbars = new Map<string, Toolbar>();
  for (const [index, name] of names.entries()) {
    const main = name === 'MainToolbar';
    const element = document.createElement('div');
    element.className = `bf-toolbar ${main ? 'bf-toolbar-bottom' : `bf-toolbar-${name.replace(/[A-Z]/g, (letter, at: number) => `${at ? '-' : ''}${letter.toLowerCase()}`)}`}`;
    element.textContent = main ? `${name} (stand-in): ${buttons}` : `${name} (stand-in)`;
    Object.assign(
      element.style,
      main
        ? {
            position: 'absolute',
            left: '50%',
            bottom: '10px',
            transform: 'translateX(-50%)',
            padding: '4px 10px',
            background: 'rgba(0,0,0,0.55)',
            borderRadius: '4px',
            fontSize: '11px',
            whiteSpace: 'nowrap',
          }
        : {
            position: 'absolute',
            left: '12px',
            bottom: `${44 + index * 26}px`,
            padding: '2px 8px',
            background: 'rgba(0,0,0,0.4)',
            borderRadius: '4px',
            fontSize: '11px',
          },
    );
    root.append(element);
    toolbars.set(name, withLoudMethods(new Toolbar(element), `${owner} toolbar ${name}`));
  }
  return toolbars;
}

abstract class Application<V extends Viewer3D | ViewerDrawing> {
  protected readonly _toolbars: Map<string, Toolbar>;

  protected constructor(
    protected readonly _viewer: V,
    private readonly _name: string,
    config: ViewerConfig,
  ) {
    this._toolbars = createToolbars(_name, config, _viewer.getRootElement());
  }

  getViewer(): V {
    return this._viewer;
  }

  /** The app and its viewer share one listener store, as in the platform's SDK. */
  addEventListener(event: unknown, listener: unknown): void {
    this._viewer._store.add(event, listener);
  }
  removeEventListener(event: unknown, listener: unknown): void {
    this._viewer._store.remove(event, listener);
  }

  getToolbar(name: unknown): Toolbar {
    const toolbar = typeof name === 'string' ? this._toolbars.get(name) : undefined;
    if (toolbar === undefined)
      refuse(
        `${this._name}.getToolbar(name)`,
        `this app has the toolbars ${[...this._toolbars.keys()].join(', ') || 'none'} (config.Toolbars), got ${describe(name)}`,
      );
    return toolbar;
  }

  getToolbars(): Toolbar[] {
    return [...this._toolbars.values()];
  }
  destroy(): void {
    this._viewer.destroy();
  }
}

export class WebApplication3D extends Application<Viewer3D> {
  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Application.WebApplication3D(config)';
    toDomElement(call, config);
    super(new Viewer3D(config, call), 'WebApplication3D', config as ViewerConfig);
    return withLoudMethods(this, 'Glodon.Bimface.Application.WebApplication3D');
  }

  addView(viewToken: unknown): void {
    this._viewer.addView(viewToken);
  }
  render(): void {
    this._viewer.render();
  }
  resize(width?: unknown, height?: unknown): void {
    this._viewer.resize(width, height);
  }
}

export class WebApplicationDrawing extends Application<ViewerDrawing> {
  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Application.WebApplicationDrawing(config)';
    toDomElement(call, config);
    super(new ViewerDrawing(config, call), 'WebApplicationDrawing', config as ViewerConfig);
    return withLoudMethods(this, 'Glodon.Bimface.Application.WebApplicationDrawing');
  }

  load(viewToken: unknown, drawingId?: unknown): void {
    this._viewer.load(viewToken, drawingId);
  }
  /** A frame of the drawing by its id (the stand-in's sheets are one frame each). */
  loadFrame(viewToken: unknown, frameId: unknown): void {
    this._viewer.loadFrame(viewToken, frameId);
  }
}

/** The view types the demo application opens: a drawing, else a 3D model (as the SDK's demo dispatches). */
const LACKED_VIEW_TYPES = ['dwgView', 'rfaView', 'gisView', 'pdfView'];

export class WebApplicationDemo {
  private readonly _app: WebApplication3D | WebApplicationDrawing;
  private _infoHidden = false;

  constructor(viewMetaData: unknown, domElement: unknown) {
    const call = 'new Glodon.Bimface.Application.WebApplicationDemo(viewMetaData, domElement)';
    const meta = viewMetaData as { viewType?: unknown; viewToken?: unknown } | null;
    if (typeof meta !== 'object' || meta === null || typeof meta.viewToken !== 'string')
      refuse(
        call,
        `takes the metadata the loader's success callback got (with viewToken), got ${describe(viewMetaData)}`,
      );
    if (typeof meta.viewType === 'string' && LACKED_VIEW_TYPES.includes(meta.viewType))
      refuse(call, `the stand-in opens 3DView and drawingView models, not ${meta.viewType}`);
    if (meta.viewType === 'drawingView') {
      const drawing = new WebApplicationDrawing({
        ...WebApplicationDrawingConfig(),
        domElement,
        viewToken: meta.viewToken,
      });
      drawing.load(meta.viewToken);
      this._app = drawing;
    } else {
      const app = new WebApplication3D({ ...WebApplication3DConfig(), domElement });
      app.addView(meta.viewToken);
      this._app = app;
    }
    return withLoudMethods(this, 'Glodon.Bimface.Application.WebApplicationDemo');
  }

  getViewer(): Viewer3D | ViewerDrawing {
    return this._app.getViewer();
  }
  addEventListener(event: unknown, listener: unknown): void {
    this._app.addEventListener(event, listener);
  }
  removeEventListener(event: unknown, listener: unknown): void {
    this._app.removeEventListener(event, listener);
  }
  /** Hides the platform's info panel; the stand-in's own marker stays (it says what the page runs on). */
  hideBimfaceInfo(): void {
    this._infoHidden = true;
  }
}
