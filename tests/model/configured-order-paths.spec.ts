import { describePathTests } from './describe-path-tests';

// Against the build with each flow's own `order` line (playwright.config.ts project model-paths).
describePathTests('configured');
