// A scenario runs for minutes (its fault's duration, then the wait for recovery); each still bounds
// every wait of its own with a deadline.
jest.setTimeout(30 * 60_000);
