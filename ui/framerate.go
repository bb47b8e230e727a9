package ui

// FrameRate is the frame rate the reader's program runs at
// (tea.WithFPS(FrameRate) where main creates it).
//
// Bubble Tea renders on a ticker: a key press is drawn at the next tick,
// so at the default 60 fps a j waits up to 16.7 ms (8.3 ms on average)
// before it reaches the terminal, which is most of the reader's key
// latency. 120 fps, the most Bubble Tea allows, halves that wait.
//
// The cost: the ticker wakes the program 120 times a second, even when
// nothing changes. An idle wake-up compares the last frame with the
// current one and writes nothing, so idle stays idle in what matters
// (no Update, no View, no bytes to the terminal, no timers of ours); the
// wake-ups themselves cost a few microseconds each.
const FrameRate = 120
