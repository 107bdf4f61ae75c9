import { Outlet, type RouteObject } from 'react-router';
import type { Context } from 'react';

/**
 * A pathless route that provides an area loaded with its routes (screens/discover-area-routes.ts) to
 * the pages under it: the area exists before its pages do, so they read it like any other.
 */
export function areaRoute<T>(Context: Context<T | null>, area: T, children: RouteObject[]): RouteObject {
  return {
    element: (
      <Context value={area}>
        <Outlet />
      </Context>
    ),
    children,
  };
}
