// The models drawn with three.js inside the viewer's element: the glTF the mock serves (metres, Y up)
// turned into the platform's space (mm, Z up), lit, rendered on demand (a change, a camera move,
// auto-rotation); several models (or an integrated model's files) in one scene, each element's
// meshes found by the `elementId` of its node's extras.
import type { Box } from './scene-camera';
import { applyStatus, statusOf } from './scene-camera';
import type { Look, MaterialBook } from './scene-materials';
import { createMaterialBook } from './scene-materials';
import type { Three } from './three-loading';
import type { SceneElement } from './scene-elements';
import { collectElements, toPlain } from './scene-elements';
import type { CameraStatus, RgbaColor, Vector3 } from './viewer-state';

type Object3D = InstanceType<Three['Object3D']>;
type Mesh = InstanceType<Three['Mesh']>;
type Material = InstanceType<Three['MeshStandardMaterial']>;

export type { SceneElement } from './scene-elements';

/** Where a ray from the pointer met the model. */
export interface SceneHit {
  element: SceneElement;
  worldPosition: Vector3;
  normal: Vector3;
}

const EMPTY_BOX: Box = { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } };

export class SceneView {
  /** Every element of every model shown, in loading order. */
  readonly elements: SceneElement[] = [];
  readonly canvas: HTMLCanvasElement;
  private readonly _renderer: InstanceType<Three['WebGLRenderer']>;
  private readonly _scene: InstanceType<Three['Scene']>;
  private readonly _world: InstanceType<Three['Group']>;
  private readonly _roots = new Map<string, Object3D[]>();
  private readonly _camera: InstanceType<Three['PerspectiveCamera']>;
  private readonly _controls: InstanceType<Three['OrbitControls']>;
  private readonly _materials: MaterialBook;
  private readonly _own = new Map<Mesh, Material>();
  private _modelBox: Box | undefined;
  private _frame = 0;
  private _destroyed = false;

  /** Parses glTF bytes (the geometry of one model, or of one file of an integrated model). */
  static parse(three: Three, gltf: ArrayBuffer): Promise<Object3D> {
    return new three.GLTFLoader().parseAsync(gltf, '').then((parsed) => parsed.scene);
  }

  /** An empty scene drawn in `host`; `onRendered` runs after every frame. Models come with `addModel`. */
  constructor(
    private readonly _three: Three,
    host: HTMLElement,
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
    this._world = new _three.Group();
    this._world.rotation.x = Math.PI / 2;
    this._world.scale.setScalar(1000);
    this._scene.add(this._world);
    this._camera = new _three.PerspectiveCamera(45, width / height, 10, 1_000_000);
    this._controls = new _three.OrbitControls(this._camera, this.canvas);
    this._controls.mouseButtons = { LEFT: _three.MOUSE.ROTATE, MIDDLE: _three.MOUSE.PAN, RIGHT: _three.MOUSE.PAN };
    this._controls.screenSpacePanning = true;
    this._controls.addEventListener('change', () => this.requestRender());
    this._materials = createMaterialBook(_three);
  }

  /** The box of every model shown (mm, Z up). */
  get modelBox(): Box {
    return this._modelBox ?? EMPTY_BOX;
  }

  /**
   * Adds a parsed model (or an integrated model's file, `fileId`) to the scene; its elements join
   * `elements`, named `fileId.elementId` when it is a file of an integration.
   */
  addModel(modelId: string, root: Object3D, fileId?: string): SceneElement[] {
    this._world.add(root);
    this._world.updateMatrixWorld(true);
    this._roots.set(modelId, [...(this._roots.get(modelId) ?? []), root]);
    const added = collectElements(this._three, root, { modelId, fileId });
    for (const element of added) for (const mesh of element.meshes) this._own.set(mesh, mesh.material as Material);
    this.elements.push(...added);
    this._modelBox = this._boxOf(this.elements);
    this.requestRender();
    return added;
  }

  /** Takes a model (all its files) out of the scene. */
  removeModel(modelId: string): void {
    for (const root of this._roots.get(modelId) ?? []) this._world.remove(root);
    this._roots.delete(modelId);
    const kept = this.elements.filter((element) => element.modelId !== modelId);
    for (const element of this.elements)
      if (element.modelId === modelId) for (const mesh of element.meshes) this._own.delete(mesh);
    this.elements.splice(0, this.elements.length, ...kept);
    this._modelBox = kept.length === 0 ? undefined : this._boxOf(kept);
    this.requestRender();
  }

  /** The elements a page's id names (one per model that has it). */
  elementsWithId(objectId: string): SceneElement[] {
    return this.elements.filter((element) => element.objectId === objectId);
  }

  private _boxOf(elements: readonly SceneElement[]): Box {
    const box = new this._three.Box3();
    for (const element of elements) {
      box.expandByPoint(
        new this._three.Vector3(element.boundingBox.min.x, element.boundingBox.min.y, element.boundingBox.min.z),
      );
      box.expandByPoint(
        new this._three.Vector3(element.boundingBox.max.x, element.boundingBox.max.y, element.boundingBox.max.z),
      );
    }
    return { min: toPlain(box.min), max: toPlain(box.max) };
  }

  /** Draws each element as `lookOf` says (called after every change of the page's state). */
  setLooks(lookOf: (element: SceneElement) => Look): void {
    for (const element of this.elements) {
      const look = lookOf(element);
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
    const element = hit.object.userData.vtmElement as SceneElement | undefined;
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
