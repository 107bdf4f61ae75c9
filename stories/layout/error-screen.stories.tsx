import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { fn } from 'storybook/test';
import { quietTelemetryArea } from '../../services/telemetry/quiet-telemetry-area';
import { TelemetryAreaContext } from '../../screens/areas/area-contexts';
import { ErrorScreen } from '../../screens/error-screen';
import { LoadingSpinner } from '../../screens/loading-spinner';
import { RootErrorScreen } from '../../screens/root-error-screen';

interface RootErrorArgs {
  /** What the failing route's loader throws. */
  readonly failure: 'status' | 'error';
  readonly status: number;
  readonly statusText: string;
  readonly message: string;
  readonly reportError: (error: unknown) => void;
}

/**
 * The root route's error screen as the router shows it: a route whose loader throws a response (status
 * text, e.g. an unknown step's 404) or an Error (e.g. a chunk that failed to load). Reporting goes to the
 * story's action log instead of the console.
 */
function RootErrorPreview({ failure, status, statusText, message, reportError }: RootErrorArgs) {
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            path: '/',
            ErrorBoundary: RootErrorScreen,
            // As in the app's root route: the loader runs before the first render.
            HydrateFallback: LoadingSpinner,
            loader: () => {
              if (failure === 'status') throw data(null, { status, statusText });
              throw new Error(message);
            },
            element: null,
          },
        ],
        { initialEntries: ['/'] },
      ),
    [failure, status, statusText, message],
  );
  // Only telemetry differs from the preview's areas: the story watches what is reported.
  const telemetry = useMemo(() => quietTelemetryArea(reportError), [reportError]);
  return (
    <TelemetryAreaContext value={telemetry}>
      <RouterProvider router={router} />
    </TelemetryAreaContext>
  );
}

const meta = {
  title: 'Layout/Error screen',
  component: RootErrorPreview,
  args: {
    failure: 'status',
    status: 404,
    statusText: 'Not Found',
    message: 'Failed to fetch dynamically imported module: /assets/height-screen.js',
    reportError: fn(),
  },
  argTypes: { failure: { control: 'inline-radio', options: ['status', 'error'] } },
} satisfies Meta<RootErrorArgs>;

export default meta;

type Story = StoryObj<typeof meta>;

/** An unknown route or step: the status text in italics. */
export const RootWithStatusText: Story = {};

/** A thrown Error: its message in italics. */
export const RootWithThrownError: Story = { args: { failure: 'error' } };

/** The screen itself, as the last-resort boundary outside the router shows it. */
export const ScreenOnly: Story = {
  render: ({ message }) => <ErrorScreen error={new Error(message)} />,
  args: { message: 'Something went wrong' },
};
