// The model drawn with three.js inside the viewer's element: the glTF the mock serves (metres, Y up)
// turned into the platform's space (mm, Z up), lit, rendered on demand (a change, a camera move,
// auto-rotation), each element's meshes found by the `elementId` of its node's extras.
import type { Box } from './scene-camera';
import { applyStatus, statusOf } from './scene-camera';
import type { Look, MaterialBook } from './scene-materials';
import { createMaterialBook } from './scene-materials';
import type { Three } from './three-loading';
import type { CameraStatus, RgbaColor, Vector3 } from './viewer-state';

type Object3D = InstanceType<Three['Object3D']>;
type Mesh = InstanceType<Three['Mesh']>;
type Material = InstanceType<Three['MeshStandardMaterial']>;

/** What the stand-in knows of an element from the geometry (its node's extras and its box). */
export interface SceneElement {
  elementId: string;
  name: string;
  categoryId: string;
  categoryName: string;
  family: string;
  familyType: string;
  levelName: string | undefined;
  specialty: string;
  boundingBox: Box;
  meshes: Mesh[];
}

/** Where a ray from the pointer met the model. */
export interface SceneHit {
  element: SceneElement;
  worldPosition: Vector3;
  normal: Vector3;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function toPlain(vector: { x: number; y: number; z: number }): Vector3 {
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return { x: round(vector.x), y: round(vector.y), z: round(vector.z) };
}

export class SceneView {
  readonly elements = new Map<string, SceneElement>();
  readonly modelBox: Box;
  readonly canvas: HTMLCanvasElement;
  private readonly _renderer: InstanceType<Three['WebGLRenderer']>;
  private readonly _scene: InstanceType<Three['Scene']>;
  private readonly _camera: InstanceType<Three['PerspectiveCamera']>;
  private readonly _controls: InstanceType<Three['OrbitControls']>;
  private readonly _materials: MaterialBook;
  private readonly _own = new Map<Mesh, Material>();
  private _frame = 0;
  private _destroyed = false;

  /** Parses the glTF bytes and draws them in `host`; `onRendered` runs after every frame. */
  static async create(three: Three, host: HTMLElement, gltf: ArrayBuffer, onRendered: () => void): Promise<SceneView> {
    const parsed = await new three.GLTFLoader().parseAsync(gltf, '');
    return new SceneView(three, host, parsed.scene, onRendered);
  }

  private constructor(
    private readonly _three: Three,
    host: HTMLElement,
    model: Object3D,
    private readonly _onRendered: () => void,
  ) {
    const width = Math.max(1, host.clientWidth);
    const height = Math.max(1, host.clientHeight);
    this._renderer = new _three.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this._renderer.setPixelRatio(1);
    this._renderer.setSize(width, height);
    this._renderer.setClearColor(0x1f2430, 1);
    this.canvas = this._renderer.domElement;
    this.canvas.className = 'vtm-standin-canvas';
    Object.assign(this.canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
    host.prepend(this.canvas);
    this._scene = new _three.Scene();
    const sky = new _three.HemisphereLight(0xffffff, 0x606068, 2.2);
    sky.position.set(0, 0, 1);
    const sun = new _three.DirectionalLight(0xffffff, 1.6);
    sun.position.set(0.6, -1, 1.4);
    this._scene.add(sky, sun);
    // glTF is metres and Y up; the platform's world is mm and Z up.
    const world = new _three.Group();
    world.rotation.x = Math.PI / 2;
    world.scale.setScalar(1000);
    world.add(model);
    this._scene.add(world);
    world.updateMatrixWorld(true);
    this.modelBox = this._collect(model);
    this._camera = new _three.PerspectiveCamera(45, width / height, 10, 1_000_000);
    this._controls = new _three.OrbitControls(this._camera, this.canvas);
    this._controls.mouseButtons = { LEFT: _three.MOUSE.ROTATE, MIDDLE: _three.MOUSE.PAN, RIGHT: _three.MOUSE.PAN };
    this._controls.screenSpacePanning = true;
    this._controls.addEventListener('change', () => this.requestRender());
    this._materials = createMaterialBook(_three);
  }

  /** Every node whose extras name an element, with its meshes and world box. */
  private _collect(model: Object3D): Box {
    const box = new this._three.Box3();
    model.traverse((node) => {
      const extras = node.userData as Record<string, unknown>;
      if (extras.elementId === undefined) return;
      const meshes: Mesh[] = [];
      node.traverse((child) => {
        if ((child as Mesh).isMesh) meshes.push(child as Mesh);
      });
      const own = new this._three.Box3().setFromObject(node);
      box.union(own);
      for (const mesh of meshes) {
        this._own.set(mesh, mesh.material as Material);
        mesh.userData.vtmElementId = text(extras.elementId);
      }
      this.elements.set(text(extras.elementId), {
        elementId: text(extras.elementId),
        name: text(extras.name),
        categoryId: text(extras.categoryId),
        categoryName: text(extras.categoryName),
        family: text(extras.family),
        familyType: text(extras.familyType),
        levelName: extras.levelName === undefined ? undefined : text(extras.levelName),
        specialty: text(extras.specialty),
        boundingBox: { min: toPlain(own.min), max: toPlain(own.max) },
        meshes,
      });
    });
    return { min: toPlain(box.min), max: toPlain(box.max) };
  }

  /** Draws each element as `lookOf` says (called after every change of the page's state). */
  setLooks(lookOf: (elementId: string) => Look): void {
    for (const element of this.elements.values()) {
      const look = lookOf(element.elementId);
      for (const mesh of element.meshes) {
        const material = this._materials.materialFor(this._own.get(mesh) as Material, look);
        mesh.visible = material !== undefined;
        if (material !== undefined) mesh.material = material;
      }
    }
    this.requestRender();
  }

  get cameraStatus(): CameraStatus {
    return statusOf(this._camera, this._controls.target);
  }

  set cameraStatus(status: CameraStatus) {
    applyStatus(this._camera, this._controls.target, status);
    this._controls.update();
    this.requestRender();
  }

  /** The element under a point of the page (client coordinates), ignoring hidden and translucent ones. */
  pick(clientX: number, clientY: number): SceneHit | null {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new this._three.Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new this._three.Raycaster();
    raycaster.setFromCamera(ndc, this._camera);
    const candidates = [...this._own.keys()].filter((mesh) => mesh.visible && !(mesh.material as Material).transparent);
    const hit = raycaster.intersectObjects(candidates, false)[0];
    if (hit === undefined) return null;
    const element = this.elements.get(text(hit.object.userData.vtmElementId));
    if (element === undefined) return null;
    const normal = hit.face?.normal.clone().transformDirection(hit.object.matrixWorld) ?? { x: 0, y: 0, z: 1 };
    return { element, worldPosition: toPlain(hit.point), normal: toPlain(normal) };
  }

  /** Where a model point is on the page, in pixels from the viewer's top left corner. */
  worldToClient(point: Vector3): { x: number; y: number } {
    const projected = new this._three.Vector3(point.x, point.y, point.z).project(this._camera);
    return {
      x: Math.round(((projected.x + 1) / 2) * this.canvas.clientWidth),
      y: Math.round(((1 - projected.y) / 2) * this.canvas.clientHeight),
    };
  }

  /** Whether a model point is in front of the camera (a marker behind it is not shown). */
  isInFront(point: Vector3): boolean {
    const projected = new this._three.Vector3(point.x, point.y, point.z).project(this._camera);
    return projected.z < 1;
  }

  resize(width: number, height: number): void {
    this._renderer.setSize(width, height);
    this._camera.aspect = width / height;
    this._camera.updateProjectionMatrix();
    this.requestRender();
  }

  setBackground(color: RgbaColor): void {
    const clear = new this._three.Color().setRGB(
      color.red / 255,
      color.green / 255,
      color.blue / 255,
      this._three.SRGBColorSpace,
    );
    this._renderer.setClearColor(clear, color.alpha);
    this.requestRender();
  }

  /** Turns around the target, `speed` as the SDK takes it (0 or null stops). */
  autoRotate(speed: number | null, around?: Vector3): void {
    this._controls.autoRotate = speed !== null && speed !== 0;
    this._controls.autoRotateSpeed = speed ?? 0;
    if (around !== undefined) this._controls.target.set(around.x, around.y, around.z);
    this.requestRender();
  }

  /** The picture as an image data URL (PNG). */
  snapshot(): string {
    this._renderer.render(this._scene, this._camera);
    return this.canvas.toDataURL('image/png');
  }

  /** Draws a frame now, without telling anyone (the first frame, there before ViewAdded fires). */
  drawNow(): void {
    // This frame is the one already asked for.
    cancelAnimationFrame(this._frame);
    this._frame = 0;
    this._controls.update();
    this._renderer.render(this._scene, this._camera);
  }

  /** Draws the next frame (once, however many changes ask before it). */
  requestRender(): void {
    if (this._frame !== 0 || this._destroyed) return;
    this._frame = requestAnimationFrame(() => {
      this._frame = 0;
      if (this._destroyed) return;
      this._controls.update();
      this._renderer.render(this._scene, this._camera);
      this._onRendered();
      if (this._controls.autoRotate) this.requestRender();
    });
  }

  destroy(): void {
    this._destroyed = true;
    cancelAnimationFrame(this._frame);
    this._controls.dispose();
    this._materials.dispose();
    this._renderer.dispose();
    this.canvas.remove();
  }
}
