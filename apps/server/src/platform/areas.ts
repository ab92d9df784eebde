/**
 * The feature areas' services of one composition root. `createServices` (services.ts) builds each
 * area once, in dependency order, and provides it here; a feature reaches a sibling area through the
 * area's accessor (`appsRuntime(deps)`), so it never imports the module that assembles everything and
 * never decides, by calling first, how an area is built.
 */
export type AreaRegistry = Map<Area<unknown>, unknown>;

/** What an area is read from: the application's dependencies (`AppDeps`), or any object carrying them. */
export interface AreaHolder {
  readonly areas: AreaRegistry;
}

/** An area's accessor: `area(deps)` answers its services; `area.provide` is for createServices only. */
export interface Area<T> {
  (deps: AreaHolder): T;
  readonly areaName: string;
  /** Registers the area's services once; a second registration is a wiring mistake and throws. */
  provide(deps: AreaHolder, services: T): T;
}

export function createAreaRegistry(): AreaRegistry {
  return new Map();
}

/** Declares an area (next to its factory, in the feature that owns it). */
export function defineArea<T>(areaName: string): Area<T> {
  const area = (deps: AreaHolder): T => {
    if (!deps.areas.has(area)) {
      throw new Error(`The ${areaName} area was used before createServices built it`);
    }
    return deps.areas.get(area) as T;
  };
  area.areaName = areaName;
  area.provide = (deps: AreaHolder, services: T): T => {
    if (deps.areas.has(area)) throw new Error(`The ${areaName} area was built twice`);
    deps.areas.set(area, services);
    return services;
  };
  return area;
}
