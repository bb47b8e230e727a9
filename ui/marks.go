package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"tidings/ui/common"
	"tidings/ui/components/articles"
	"tidings/ui/textsafe"
)

// Read and starred state (docs/marks.md) as the root keeps it: the
// session's ReadSet changes at once; the service's marks (Context.Marks)
// hold it for articles the service gave an id, the state file for the
// others and on services that keep none.

// marksTimeout bounds one call to the service's marks.
const marksTimeout = 15 * time.Second

// marksBatch is the most ids one call carries (POST /v2/marks).
const marksBatch = 1000

// mark handles articles.MarkMsg.
func (a *App) mark(msg articles.MarkMsg) tea.Cmd {
	for _, it := range msg.Items {
		if msg.Read {
			a.ctx.Read.Mark(articles.Key(it))
		} else {
			a.ctx.Read.Unmark(articles.Key(it))
		}
	}
	if msg.Local {
		return nil
	}
	return a.keepRead(msg.Items, msg.Read)
}

// keepRead writes read state where it lives: the service's marks for
// the articles it gave an id, the state file for the rest.
func (a *App) keepRead(items []articles.Item, read bool) tea.Cmd {
	var ids, keys []string
	for _, it := range items {
		if a.ctx.Marks != nil && it.ID != "" {
			ids = append(ids, it.ID)
		} else {
			keys = append(keys, articles.Key(it))
		}
	}
	return tea.Batch(a.setRead(ids, read), a.keepReadLocally(keys, read))
}

func (a *App) setRead(ids []string, read bool) tea.Cmd {
	marks := a.ctx.Marks
	if marks == nil || len(ids) == 0 {
		return nil
	}
	parent := a.ctx.Parent()
	return func() tea.Msg {
		for start := 0; start < len(ids); start += marksBatch {
			ctx, cancel := context.WithTimeout(parent, marksTimeout)
			err := marks.SetRead(ctx, ids[start:min(start+marksBatch, len(ids))], read)
			cancel()
			if err != nil {
				return marksFailed("mark it read", err)
			}
		}
		return articles.MarksChangedMsg{}
	}
}

// marksFailed words a failed call to the service's marks for the status
// bar; a reader quitting is no failure.
func marksFailed(what string, err error) tea.Msg {
	if common.IsCanceled(err) {
		return nil
	}
	return common.StatusMsg{Text: "Could not " + what + " on the service: " + textsafe.Line(err.Error()),
		Level: common.LevelWarning}
}

func (a *App) keepReadLocally(keys []string, read bool) tea.Cmd {
	st := a.ctx.State
	if st == nil || len(keys) == 0 {
		return nil
	}
	unreader, canUnread := st.(common.Unreader)
	if !read && !canUnread {
		return nil // kept for the session only
	}
	at := a.ctx.Clock()
	return common.StateCmd(a.ctx.Parent(), func(ctx context.Context) error {
		for _, k := range keys {
			var err error
			if read {
				err = st.MarkRead(ctx, k, at)
			} else {
				err = unreader.MarkUnread(ctx, k)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}, nil)
}

// star stars or unstars a saved article on a service that keeps marks,
// beside keeping it locally (b).
func (a *App) star(msg articles.SaveMsg) tea.Cmd {
	marks, id := a.ctx.Marks, msg.Item.ID
	if marks == nil || id == "" {
		return nil
	}
	parent, starred := a.ctx.Parent(), msg.Save
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, marksTimeout)
		defer cancel()
		if err := marks.SetStarred(ctx, []string{id}, starred); err != nil {
			return marksFailed("star it", err)
		}
		return articles.StarredChangedMsg{}
	}
}
