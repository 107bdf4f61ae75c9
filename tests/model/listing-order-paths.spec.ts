import { describePathTests } from './describe-path-tests';

// Against the build made with FLOW_ORDER=listing (playwright.config.ts project model-paths-listing).
describePathTests('listing');
