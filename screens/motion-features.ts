import { domAnimation } from 'motion/react';

/** Motion's animation features, a chunk of their own loaded when the first modal opens. */
export default domAnimation;
