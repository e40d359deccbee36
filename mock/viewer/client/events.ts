// The SDK's event enums (every value equals its key, as in the platform's SDK) and the one listener
// store a viewer and its application share.
import { findNearestName } from '../../core/near-miss';
import { refuse, withLoudMembers } from './lacking';

const VIEWER_3D_EVENTS = [
  'ViewAdded',
  'ViewLoading',
  'Rendered',
  'ComponentsSelectionChanged',
  'ComponentsHoverChanged',
  'SelectionChanged',
  'MouseClicked',
  'MouseDragged',
  'MouseDoubleClicked',
  'ContextMenu',
  'RectSelection',
  'Error',
  'AddView',
  'RemoveView',
  'FamilyTypeChanged',
  'MissingDrawingElement',
  'ToolbarHomeClick',
  'DemandLoaded',
  'ButtonOnToolbarClicked',
  'AxisGridHover',
  'FloorExplosion',
  'Hover',
  'ModelAdded',
  'SelectionChangedInModel',
] as const;
const APPLICATION_3D_EVENTS = [
  'ViewAdded',
  'ViewLoading',
  'ComponentsSelectionChanged',
  'ComponentsHoverChanged',
  'Error',
  'MouseClicked',
  'MouseDragged',
] as const;
const VIEWER_DRAWING_EVENTS = [
  'Loaded',
  'MouseClicked',
  'MouseDragged',
  'Rendered',
  'ViewZoomed',
  'Hover',
  'Error',
  'ComponentsSelectionChanged',
] as const;
const APPLICATION_DRAWING_EVENTS = [
  'ViewAdded',
  'ViewLoading',
  'ComponentsSelectionChanged',
  'ComponentsHoverChanged',
  'Error',
  'Loaded',
  'MouseClicked',
  'MouseDragged',
  'Rendered',
  'ViewChanged',
  'ViewMoving',
  'ViewMoved',
  'ViewZooming',
  'ViewZoomed',
  'Hover',
  'DrawingMeasure',
] as const;

/** An enum object of the SDK: `{ ViewAdded: 'ViewAdded', … }`, frozen, loud on a name it lacks. */
function toEnum(path: string, keys: readonly string[]): Readonly<Record<string, string>> {
  return withLoudMembers(Object.freeze(Object.fromEntries(keys.map((key) => [key, key]))), path);
}

export const EVENT_ENUMS = {
  Viewer3DEvent: toEnum('Glodon.Bimface.Viewer.Viewer3DEvent', VIEWER_3D_EVENTS),
  WebApplication3DEvent: toEnum('Glodon.Bimface.Application.WebApplication3DEvent', APPLICATION_3D_EVENTS),
  ViewerDrawingEvent: toEnum('Glodon.Bimface.Viewer.ViewerDrawingEvent', VIEWER_DRAWING_EVENTS),
  WebApplicationDrawingEvent: toEnum(
    'Glodon.Bimface.Application.WebApplicationDrawingEvent',
    APPLICATION_DRAWING_EVENTS,
  ),
};

/** The event names a 3D viewer and its application accept; those of a drawing viewer and its application. */
export const EVENT_NAMES = {
  '3D': [...new Set<string>([...VIEWER_3D_EVENTS, ...APPLICATION_3D_EVENTS])],
  drawing: [...new Set<string>([...VIEWER_DRAWING_EVENTS, ...APPLICATION_DRAWING_EVENTS])],
} as const;

export type Listener = (payload: unknown) => void;

/**
 * The listeners of one viewer, which its application shares (a page may register on either, with
 * either enum). An event name the SDK does not have is refused with the nearest one.
 */
export class ListenerStore {
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    private readonly known: readonly string[],
    private readonly owner: string,
  ) {}

  add(event: unknown, listener: unknown): void {
    const name = this.check('addEventListener', event);
    if (typeof listener !== 'function')
      refuse(`${this.owner}.addEventListener('${name}', …)`, 'the listener must be a function');
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener as Listener]);
  }

  remove(event: unknown, listener: unknown): void {
    const name = this.check('removeEventListener', event);
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((candidate) => candidate !== listener),
    );
  }

  /** Calls each listener; one that throws is reported as an uncaught error, the others still run. */
  emit(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }

  private check(method: string, event: unknown): string {
    if (typeof event === 'string' && this.known.includes(event)) return event;
    const nearest = typeof event === 'string' ? findNearestName(event, this.known) : undefined;
    return refuse(
      `${this.owner}.${method}(${typeof event === 'string' ? `'${event}'` : String(event)}, …)`,
      `not an event of this viewer${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; use one of ${this.known.join(', ')}`,
    );
  }
}
