import { transition } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap } from 'xstate/graph';
import type { FunnelTestModel, PathEvent, PathSnapshot } from './funnel-test-model';

/** One move of a path: from the state with key `from`, `event` leads to `state`. */
export interface PathStep {
  readonly from: string;
  readonly eventKey: string;
  readonly event: PathEvent;
  readonly state: PathSnapshot;
}

export interface CoveringPath {
  readonly steps: readonly PathStep[];
}

export interface PathCoverage {
  readonly statesCovered: number;
  readonly statesTotal: number;
  readonly transitionsCovered: number;
  readonly transitionsTotal: number;
  /** `state --event-->` keys no path takes (empty at 100 %). */
  readonly uncovered: readonly string[];
}

export interface CoveringPathSet {
  readonly paths: readonly CoveringPath[];
  readonly coverage: PathCoverage;
  /** Wall-clock time of the graph traversal and path generation. */
  readonly generationMs: number;
}

export interface CoveringPathOptions {
  /** A path ends after this many moves and the next one starts over (keeps each browser test short). */
  readonly maxStepsPerPath: number;
  /**
   * The transitions the paths must take (default: all of them). Coverage is still counted over all
   * transitions; the others are taken only where a route to a wanted one passes them.
   */
  readonly wanted?: (from: PathSnapshot, event: PathEvent) => boolean;
  /**
   * Transitions of one class stand for each other (default: each is its own): taking one takes its
   * class, and the other transitions of the class are no longer wanted.
   */
  readonly classOf?: (from: PathSnapshot, event: PathEvent) => string;
}

export function transitionKey(stateKey: string, eventKey: string): string {
  return `${stateKey} --${eventKey}-->`;
}

/**
 * Paths from the initial state that together take every transition of the test model, built from
 * shortest paths, never from an enumeration of simple paths.
 *
 * The transitions to cover are the model's adjacency map (`getAdjacencyMap`, states keyed without
 * answer values). A path is grown greedily: take an untaken transition of the current state, else
 * follow the shortest path (`routeTo`) to the nearest state that has one. States of the first
 * unanswered step can never be entered again once it is answered, so everything that does not answer
 * it is done first (a search that never answers it), and only then the answer that moves on. Every
 * move is replayed on the concrete snapshot, so a path's states (and the storage it expects) are
 * exactly what the machine does, and coverage is counted from the replay.
 */
export function generateCoveringPaths(model: FunnelTestModel, options: CoveringPathOptions): CoveringPathSet {
  const started = performance.now();
  const { eventsOf, serializeEvent, advancesFrontier } = model;
  // A snapshot's key is asked for many times per search (each wanted() check keys its events): once is enough.
  const keys = new WeakMap<PathSnapshot, string>();
  const serializeState = (snapshot: PathSnapshot): string => {
    let key = keys.get(snapshot);
    if (key === undefined) {
      key = model.serializeState(snapshot);
      keys.set(snapshot, key);
    }
    return key;
  };
  const traversal = { events: eventsOf, serializeState, serializeEvent };
  const adjacency = getAdjacencyMap(model.logic, { ...traversal, fromState: model.initial });

  const all = new Set<string>();
  const uncovered = new Set<string>();
  // The wanted transitions of each class, and each transition's class.
  const classMembers = new Map<string, string[]>();
  const classOfKey = new Map<string, string>();
  // The state graph as keys, for routes found in milliseconds (`routeTo`), and a snapshot of each key.
  const edges = new Map<string, { event: PathEvent; to: string; advances: boolean }[]>();
  const snapshotOf = new Map<string, PathSnapshot>();
  for (const { state, event, nextState } of adjacencyMapToArray(adjacency)) {
    const to = serializeState(nextState);
    edges.set(serializeState(state), [...(edges.get(serializeState(state)) ?? []), { event, to, advances: advancesFrontier(state, event) }]);
    if (!snapshotOf.has(to)) snapshotOf.set(to, nextState);
    const key = transitionKey(serializeState(state), serializeEvent(event));
    all.add(key);
    if (options.wanted && !options.wanted(state, event)) continue;
    uncovered.add(key);
    const moveClass = options.classOf?.(state, event) ?? key;
    classOfKey.set(key, moveClass);
    classMembers.set(moveClass, [...(classMembers.get(moveClass) ?? []), key]);
  }
  /** Takes the transition `key`: it and every other transition of its class are covered. Whether it was wanted. */
  const cover = (key: string): boolean => {
    if (!uncovered.has(key)) return false;
    for (const member of classMembers.get(classOfKey.get(key) ?? key) ?? [key]) uncovered.delete(member);
    return true;
  };
  const stateKeys = new Set(Object.keys(adjacency));

  const keyOf = (snapshot: PathSnapshot, event: PathEvent): string => transitionKey(serializeState(snapshot), serializeEvent(event));
  const untaken = (snapshot: PathSnapshot): PathEvent[] => eventsOf(snapshot).filter((event) => uncovered.has(keyOf(snapshot, event)));
  const untakenStaying = (snapshot: PathSnapshot): PathEvent[] => untaken(snapshot).filter((event) => !advancesFrontier(snapshot, event));

  /**
   * A breadth-first search from `start` to the nearest other state `wanted` accepts: the events of the
   * shortest path, or undefined. `next` gives the moves out of a state and the states they lead to.
   */
  const search = <T>(start: T, keyOf: (node: T) => string, next: (node: T) => Iterable<{ event: PathEvent; node: T }>, wanted: (node: T) => boolean): PathEvent[] | undefined => {
    const fromKey = keyOf(start);
    const cameBy = new Map<string, { previous: string; event: PathEvent } | undefined>([[fromKey, undefined]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head];
      if (at === undefined) break;
      for (const { event, node } of next(at)) {
        const key = keyOf(node);
        if (cameBy.has(key)) continue;
        cameBy.set(key, { previous: keyOf(at), event });
        if (wanted(node)) {
          const events: PathEvent[] = [];
          for (let move = cameBy.get(key); move; move = cameBy.get(move.previous)) events.unshift(move.event);
          return events;
        }
        queue.push(node);
      }
    }
    return undefined;
  };

  /**
   * Events of the shortest path from `from` to the nearest other state `wanted` accepts, or undefined.
   * Searched on the adjacency map's keys, then replayed on the concrete snapshot. A key leaves out what
   * no move depends on now but a later one may (a straight flow's key has no stored unit choice, which
   * decides the unit a later measurement opens in), so a replay that strays from the keys is searched
   * again through the machine itself. (A search through the machine per route, as `getShortestPaths`
   * does, took 88 s for the sleep flow's 292 paths.)
   */
  const routeTo = (from: PathSnapshot, wanted: (snapshot: PathSnapshot) => boolean, stayBehindFrontier: boolean): PathEvent[] | undefined => {
    const allowed = (advances: boolean): boolean => !(stayBehindFrontier && advances);
    const onKeys = search(
      serializeState(from),
      (key) => key,
      (key) => (edges.get(key) ?? []).filter((edge) => allowed(edge.advances)).map((edge) => ({ event: edge.event, node: edge.to })),
      (key) => {
        const state = snapshotOf.get(key);
        return state !== undefined && wanted(state);
      },
    );
    if (onKeys === undefined) return undefined;
    let replayed = from;
    let faithful = true;
    for (const event of onKeys) {
      const expected = edges.get(serializeState(replayed))?.find((edge) => edge.event === event)?.to;
      [replayed] = transition(model.logic, replayed, event);
      faithful = serializeState(replayed) === expected;
      if (!faithful) break;
    }
    if (faithful && wanted(replayed)) return onKeys;
    return search(
      from,
      serializeState,
      (snapshot) => eventsOf(snapshot).flatMap((event) => (allowed(advancesFrontier(snapshot, event)) ? [{ event, node: transition(model.logic, snapshot, event)[0] }] : [])),
      wanted,
    );
  };

  const paths: CoveringPath[] = [];
  while (uncovered.size > 0) {
    let current = model.initial;
    const steps: PathStep[] = [];
    // Length of the path up to its last move that took a transition no earlier move took.
    let usefulLength = 0;
    const take = (event: PathEvent): void => {
      const from = serializeState(current);
      const eventKey = serializeEvent(event);
      const [state] = transition(model.logic, current, event);
      if (cover(transitionKey(from, eventKey))) usefulLength = steps.length + 1;
      steps.push({ from, eventKey, event, state });
      current = state;
    };
    const coveredBefore = uncovered.size;
    while (steps.length < options.maxStepsPerPath && uncovered.size > 0) {
      const staying = untakenStaying(current)[0];
      if (staying) {
        take(staying);
        continue;
      }
      const behind = routeTo(current, (snapshot) => untakenStaying(snapshot).length > 0, true);
      if (behind) {
        behind.forEach(take);
        continue;
      }
      const advancing = untaken(current)[0];
      if (advancing) {
        take(advancing);
        continue;
      }
      const anywhere = routeTo(current, (snapshot) => untaken(snapshot).length > 0, false);
      if (!anywhere) break;
      anywhere.forEach(take);
    }
    if (uncovered.size === coveredBefore) break; // a fresh start reaches nothing new: the rest is unreachable
    // A path cut at the length limit may end halfway along a route that took nothing new; the next
    // path repeats that route anyway.
    paths.push({ steps: steps.slice(0, usefulLength) });
  }

  // Counted from the paths as cut, so a move dropped after a path's last useful one counts for nothing.
  const covered = new Set(paths.flatMap((path) => path.steps.map((step) => transitionKey(step.from, step.eventKey))));
  const statesSeen = new Set([serializeState(model.initial), ...paths.flatMap((path) => path.steps.map((step) => serializeState(step.state)))]);
  return {
    paths,
    coverage: {
      statesCovered: [...statesSeen].filter((key) => stateKeys.has(key)).length,
      statesTotal: stateKeys.size,
      transitionsCovered: covered.size,
      transitionsTotal: all.size,
      uncovered: [...all].filter((key) => !covered.has(key)).sort(),
    },
    generationMs: Math.round(performance.now() - started),
  };
}
