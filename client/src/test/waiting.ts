import { configure } from '@testing-library/react';

/**
 * How long findBy* and waitFor wait for their condition before failing. Testing Library's
 * one second is too short for a whole screen's lazy modules on a 2-core machine that is also
 * running the server tests: the condition still has to hold, it only has longer to come true.
 */
configure({ asyncUtilTimeout: 5_000 });
