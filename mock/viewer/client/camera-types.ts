// A point and the camera status, in the platform's shape (mm, Z up).

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

/** The camera as `getCameraStatus()` gives it and `setCameraStatus()` takes it back. */
export interface CameraStatus {
  name: string;
  position: Vector3;
  target: Vector3;
  up: Vector3;
  fov: number;
  version: number;
}
