// The camera object newer SDKs hand out (`viewer3D.getCamera()`): the viewer's camera calls under
// the names the v3 guide uses.
import { withLoudMethods } from './lacking';
import type { CameraStatus } from './viewer-state';

interface CameraOwner {
  getCameraStatus(): CameraStatus;
  setCameraStatus(status: unknown, callback?: unknown): void;
  zoomToBoundingBox(box: unknown, margin?: unknown): void;
}

export class Camera3D {
  constructor(private readonly _viewer: CameraOwner) {
    return withLoudMethods(this, 'Glodon.Bimface.Viewer.Camera3D');
  }
  getStatus(): CameraStatus {
    return this._viewer.getCameraStatus();
  }
  setStatus(status: unknown, callback?: unknown): void {
    this._viewer.setCameraStatus(status, callback);
  }
  zoomToBoundingBox(option: unknown): void {
    this._viewer.zoomToBoundingBox(option);
  }
}
