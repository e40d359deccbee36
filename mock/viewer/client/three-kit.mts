// The parts of three.js the stand-in draws with: bundled by scripts/build-viewer.js into the served
// `thirdparty.js` (built into dist/, never committed), which sets `window.VtmThree` to this module.
export {
  Box3,
  Color,
  DirectionalLight,
  Group,
  HemisphereLight,
  MOUSE,
  Mesh,
  MeshStandardMaterial,
  Object3D,
  PerspectiveCamera,
  Raycaster,
  SRGBColorSpace,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
export { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
export { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
