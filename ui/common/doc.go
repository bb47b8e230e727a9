// Package common is the small shared vocabulary of the reader's screens:
// the service [Client] interface, the [Context] every screen holds a pointer
// to (its [View], what a screen draws with, and its [Services], what it
// calls; a helper that needs only one part takes that part), the [Screen]
// interface, the messages screens use to talk to the root
// (open an article, step to the next one, search, status notes, open or
// copy a link, refresh the feeds) and the root to them (reload), the
// [Feeds] poller of personal mode as the UI sees it, a [FetchGuard] for
// cancellable id-guarded requests, and [Explain], which turns service
// errors into plain words.
//
// It holds no UI state and does no I/O.
//
// Contract notes (changes to or details of ui-contract.md, for the screen
// authors):
//   - The root sends key and mouse messages to the active screen only, with
//     mouse coordinates already made relative to the content area (row 0 is
//     the first row under the header). Every other message (page results,
//     spinner and countdown ticks, StepArticleMsg for the origin) is sent
//     to every screen, so a screen must ignore messages that are not its
//     own; pagedlist does that by list id.
//   - A screen that lists articles must answer StepArticleMsg (sent to it
//     only when it was the Origin of the open article) by moving its cursor
//     and returning an articles.OpenMsg for the new selection
//     (articlelist.Model does it, waiting for a page when needed), and
//     drop a waiting step on ReaderClosedMsg.
//   - At widths of at least [PreviewMinWidth] list screens show a preview
//     pane beside the list (components/articlelist for articles).
//   - [BackMsg] returns from the reader to its origin.
//   - In personal mode (Context.Feeds set) r on Headlines reloads the
//     list and sends [RefreshFeedsMsg]; the root answers the end of that
//     pass with [ReloadMsg] to the headlines screen if it brought
//     articles. Screens never call Feeds themselves.
//   - Context.State (the reader's memory) may do disk I/O on every call:
//     screens call it only inside commands. Article keys are state.Key
//     (articles.Key), for the read history, the saved marks and the lists
//     alike. b sends articles.SaveMsg to the root, which keeps it and
//     broadcasts SavedChangedMsg; a watch added sends WatchesChangedMsg.
//   - Read state (docs/marks.md): lists send articles.MarkMsg (m, A, o)
//     and the root marks Context.Read at once, then tells Context.Marks
//     (articles with an id, on a service that keeps marks) or the State.
//     The article list (components/articlelist) does the rest itself: u,
//     A's question and MarkAllRead, the status line's unread count.
//   - Service text inside error hints is not yet sanitised: pass it
//     through textsafe.Line before display.
package common
