import { configure } from '@testing-library/react';

/**
 * How long findBy* and waitFor wait for their condition before failing. Testing Library's
 * one second is too short for a whole screen's lazy modules on a 2-core machine that is also
 * running the server tests: the condition still has to hold, it only has longer to come true.
 * In CI the server tests on PostgreSQL run beside these, so it waits longer still.
 */
configure({ asyncUtilTimeout: process.env.CI ? 10_000 : 5_000 });
