import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';

/**
 * Screens render router links (step links, "Let's go"); in a story they need a router, not a page
 * load. A memory router keeps a click inside the story frame.
 */
export const withMemoryRouter: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);
