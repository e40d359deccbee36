// The mouse as the platform's viewer reads it: a press and release without movement is a click
// (left) or a right click; any movement between is a drag (the orbit controls' business, never a
// click); a double click; the component under a resting pointer (hover), at most once a frame.

/** Pixels a press may move and still be a click. */
const CLICK_SLOP_PX = 4;

export interface PointerHandlers {
  click(event: MouseEvent): void;
  rightClick(event: MouseEvent): void;
  doubleClick(event: MouseEvent): void;
  hover(event: MouseEvent): void;
  dragged(event: MouseEvent): void;
}

/** Listens on the canvas; returns the function that stops listening. */
export function listenToPointer(canvas: HTMLCanvasElement, handlers: PointerHandlers): () => void {
  let pressed: { x: number; y: number; button: number; moved: boolean } | undefined;
  let hoverFrame = 0;
  const down = (event: PointerEvent): void => {
    pressed = { x: event.clientX, y: event.clientY, button: event.button, moved: false };
  };
  const move = (event: PointerEvent): void => {
    if (pressed !== undefined) {
      if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_SLOP_PX) pressed.moved = true;
      return;
    }
    if (hoverFrame !== 0) return;
    hoverFrame = requestAnimationFrame(() => {
      hoverFrame = 0;
      handlers.hover(event);
    });
  };
  const up = (event: PointerEvent): void => {
    const press = pressed;
    pressed = undefined;
    if (press === undefined || press.button !== event.button) return;
    if (press.moved) return handlers.dragged(event);
    if (event.button === 0) handlers.click(event);
    if (event.button === 2) handlers.rightClick(event);
  };
  const double = (event: MouseEvent): void => handlers.doubleClick(event);
  const menu = (event: MouseEvent): void => event.preventDefault();
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('dblclick', double);
  canvas.addEventListener('contextmenu', menu);
  return () => {
    cancelAnimationFrame(hoverFrame);
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('dblclick', double);
    canvas.removeEventListener('contextmenu', menu);
  };
}
