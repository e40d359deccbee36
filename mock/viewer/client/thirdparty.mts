// thirdparty.js of the stand-in's 3D folder: three.js (its own code, MIT, bundled unchanged), for the
// stand-in to render the model with. Loaded by the platform's loader list, or by the stand-in itself.
import * as kit from './three-kit.mjs';

(window as unknown as { VtmThree: typeof kit }).VtmThree = kit;
