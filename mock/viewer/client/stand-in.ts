// The viewer SDK stand-in (served as Application.js, Bimface.js and Drawing.js of both SDK folders):
// defines `window.Glodon` once, whichever of those files the loader runs first.
import './globals';
import { createGlodon } from './namespace';

if (window.Glodon?.Bimface?.StandIn === undefined) {
  Object.defineProperty(window, 'Glodon', {
    value: createGlodon(),
    writable: true,
    configurable: true,
    enumerable: true,
  });
}
