package theme

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Marker is drawn in front of the selected row in every list, so the
// selection shows even without colour.
const Marker = "▌"

// Styles is every shared look of the reader, grouped by area.
type Styles struct {
	IsDark  bool
	NoColor bool

	App struct {
		Name, Version, Badge lipgloss.Style
	}
	Tabs struct {
		Active, Inactive, Separator lipgloss.Style
	}
	Status struct {
		Bar, Text, Info, Success, Warning, Error, Right, Spinner lipgloss.Style
	}
	List struct {
		Marker, Title, TitleSelected, Meta, MetaSelected, Desc lipgloss.Style
		TitleRead                                              lipgloss.Style // an article already read: dimmed
		// TitleUnread is an unread article's title (heavier than a read
		// one's, so it shows without colour), UnreadMark the dot before it.
		TitleUnread, UnreadMark lipgloss.Style
		// Saved is the "★ saved" mark of a saved article's row; Section
		// heads a part of a screen's list (the Saved screen's watches and
		// articles); New is a watch's count of new articles.
		Saved, Section, New lipgloss.Style
		// Story is a row's "+N sources": its story's other outlets.
		Story                                         lipgloss.Style
		Footer, Spinner, ErrorTitle, ErrorHint, Empty lipgloss.Style
	}
	Filters struct {
		Label, Value, Key lipgloss.Style
	}
	Reader struct {
		Title, Meta, Time, Body, More, Link, Rule, Label lipgloss.Style
		// The full text: the "[image: …]" lines, the note saying where
		// the text comes from, a failure, the spinner while fetching, and
		// find's matches (Current is the one the view is on).
		Image, Note, Failure, Spinner, Match, Current lipgloss.Style
		// The link list: numbers and the selected row.
		LinkNumber, LinkSelected lipgloss.Style
	}
	Picker struct {
		Box, Title, Option, Selected, Current, Count, Empty lipgloss.Style
	}
	Preview struct {
		Border lipgloss.Style
		Bar    lipgloss.Style // the rule drawn left of a preview pane
	}
	Note lipgloss.Style // the "terminal too small" and similar notes

	Help      help.Styles
	TextInput textinput.Styles
	// Markdown is the look of the reader's full text.
	Markdown MarkdownStyles
}

// New builds the styles for a background and colour mode.
func New(isDark, noColor bool) *Styles { return NewAdjusted(isDark, noColor, nil) }

// Adjust changes a resolved palette before the styles are built from it:
// the user's colour overrides for that background.
type Adjust func(isDark bool, p *Palette)

// NewAdjusted is New with the palette adjusted first (adjust may be nil).
// NO_COLOR has no palette: the overrides do not apply to it.
func NewAdjusted(isDark, noColor bool, adjust Adjust) *Styles {
	if noColor {
		return monochrome(isDark)
	}
	p := NewPalette(isDark)
	if adjust != nil {
		adjust(isDark, &p)
	}
	s := &Styles{IsDark: isDark}
	st := lipgloss.NewStyle

	s.App.Name = st().Bold(true).Foreground(p.Primary)
	s.App.Version = st().Foreground(p.Muted)
	s.App.Badge = st().Bold(true).Foreground(p.OnAccent).Background(p.Accent).Padding(0, 1)

	s.Tabs.Active = st().Bold(true).Foreground(p.OnAccent).Background(p.Highlight).Padding(0, 1)
	s.Tabs.Inactive = st().Foreground(p.Muted).Padding(0, 1)
	s.Tabs.Separator = st().Foreground(p.Subtle)

	s.Status.Bar = st()
	s.Status.Text = st().Foreground(p.Muted)
	s.Status.Info = st().Foreground(p.Primary)
	s.Status.Success = st().Foreground(p.Success)
	s.Status.Warning = st().Foreground(p.Warning)
	s.Status.Error = st().Bold(true).Foreground(p.Error)
	s.Status.Right = st().Foreground(p.Muted)
	s.Status.Spinner = st().Foreground(p.Accent)

	s.List.Marker = st().Foreground(p.Accent)
	s.List.Title = st().Foreground(p.Text)
	s.List.TitleRead = st().Foreground(p.Muted)
	s.List.TitleUnread = st().Bold(true).Foreground(p.Text)
	s.List.UnreadMark = st().Bold(true).Foreground(p.Accent)
	s.List.Saved = st().Foreground(p.Warning)
	s.List.Story = st().Foreground(p.Accent)
	s.List.Section = st().Bold(true).Foreground(p.Primary)
	s.List.New = st().Bold(true).Foreground(p.Success)
	s.List.TitleSelected = st().Bold(true).Foreground(p.Primary)
	s.List.Meta = st().Foreground(p.Muted)
	s.List.MetaSelected = st().Foreground(p.Accent)
	s.List.Desc = st().Foreground(p.Muted).Faint(true)
	s.List.Footer = st().Foreground(p.Muted).Italic(true)
	s.List.Spinner = st().Foreground(p.Accent)
	s.List.ErrorTitle = st().Bold(true).Foreground(p.Error)
	s.List.ErrorHint = st().Foreground(p.Text)
	s.List.Empty = st().Foreground(p.Muted).Italic(true)

	s.Filters.Label = st().Foreground(p.Muted)
	s.Filters.Value = st().Bold(true).Foreground(p.Primary)
	s.Filters.Key = st().Foreground(p.Accent)

	s.Reader.Title = st().Bold(true).Foreground(p.Primary)
	s.Reader.Meta = st().Foreground(p.Text)
	s.Reader.Time = st().Foreground(p.Muted)
	s.Reader.Body = st().Foreground(p.Text)
	s.Reader.More = st().Italic(true).Foreground(p.Warning)
	s.Reader.Link = st().Underline(true).Foreground(p.Accent)
	s.Reader.Rule = st().Foreground(p.Subtle)
	s.Reader.Label = st().Foreground(p.Muted)
	s.Reader.Image = st().Italic(true).Foreground(p.Muted)
	s.Reader.Note = st().Italic(true).Foreground(p.Muted)
	s.Reader.Failure = st().Foreground(p.Error)
	s.Reader.Spinner = st().Foreground(p.Accent)
	s.Reader.Match = st().Foreground(p.OnAccent).Background(p.Subtle)
	s.Reader.Current = st().Bold(true).Foreground(p.OnAccent).Background(p.Accent)
	s.Reader.LinkNumber = st().Foreground(p.Accent)
	s.Reader.LinkSelected = st().Bold(true).Foreground(p.Primary)
	s.Markdown = markdownStyles(p)

	s.Picker.Box = st().Border(lipgloss.RoundedBorder()).BorderForeground(p.Highlight).Padding(0, 1)
	s.Picker.Title = st().Bold(true).Foreground(p.Primary)
	s.Picker.Option = st().Foreground(p.Text)
	s.Picker.Selected = st().Bold(true).Foreground(p.Primary)
	s.Picker.Current = st().Foreground(p.Success)
	s.Picker.Count = st().Foreground(p.Muted)
	s.Picker.Empty = st().Foreground(p.Muted).Italic(true)

	s.Preview.Border = st().Border(lipgloss.NormalBorder(), false, false, false, true).
		BorderForeground(p.Subtle).PaddingLeft(1)
	s.Preview.Bar = st().Foreground(p.Subtle)
	s.Note = st().Foreground(p.Warning)

	s.Help = help.DefaultStyles(isDark)
	s.Help.ShortKey = st().Foreground(p.Accent)
	s.Help.FullKey = st().Foreground(p.Accent)
	s.TextInput = textinput.DefaultStyles(isDark)
	s.TextInput.Focused.Prompt = st().Foreground(p.Accent)
	s.TextInput.Cursor.Blink = false // a blinking cursor would tick forever: idle means idle
	return s
}

// monochrome is the NO_COLOR variant: only bold, faint, italic, underline
// and reverse, so the UI reads the same on any terminal.
func monochrome(isDark bool) *Styles {
	s := &Styles{IsDark: isDark, NoColor: true}
	st := lipgloss.NewStyle
	plain := st()

	s.App.Name = st().Bold(true)
	s.App.Version = plain
	s.App.Badge = st().Reverse(true).Bold(true).Padding(0, 1)

	s.Tabs.Active = st().Reverse(true).Bold(true).Padding(0, 1)
	s.Tabs.Inactive = st().Padding(0, 1)
	s.Tabs.Separator = plain

	s.Status.Bar, s.Status.Text, s.Status.Info, s.Status.Success = plain, plain, plain, plain
	s.Status.Warning = st().Bold(true)
	s.Status.Error = st().Bold(true).Reverse(true)
	s.Status.Right, s.Status.Spinner = plain, plain

	s.List.Marker = st().Bold(true)
	s.List.Title = plain
	s.List.TitleRead = st().Faint(true)
	s.List.TitleUnread = st().Bold(true)
	s.List.UnreadMark = st().Bold(true)
	s.List.Saved = st().Bold(true)
	s.List.Story = st().Bold(true)
	s.List.Section = st().Bold(true).Underline(true)
	s.List.New = st().Bold(true)
	s.List.TitleSelected = st().Reverse(true).Bold(true)
	s.List.Meta = plain
	s.List.MetaSelected = st().Bold(true)
	s.List.Desc = st().Faint(true)
	s.List.Footer = st().Italic(true)
	s.List.Spinner = plain
	s.List.ErrorTitle = st().Bold(true)
	s.List.ErrorHint = plain
	s.List.Empty = st().Italic(true)

	s.Filters.Label = plain
	s.Filters.Value = st().Bold(true)
	s.Filters.Key = st().Underline(true)

	s.Reader.Title = st().Bold(true)
	s.Reader.Meta, s.Reader.Time, s.Reader.Body, s.Reader.Label = plain, plain, plain, plain
	s.Reader.More = st().Italic(true)
	s.Reader.Link = st().Underline(true)
	s.Reader.Rule = plain
	s.Reader.Image, s.Reader.Note = st().Italic(true), st().Italic(true)
	s.Reader.Failure = st().Bold(true)
	s.Reader.Spinner = plain
	s.Reader.Match = st().Underline(true)
	s.Reader.Current = st().Reverse(true)
	s.Reader.LinkNumber = st().Bold(true)
	s.Reader.LinkSelected = st().Reverse(true).Bold(true)
	s.Markdown = monochromeMarkdown()

	s.Picker.Box = st().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	s.Picker.Title = st().Bold(true)
	s.Picker.Option = plain
	s.Picker.Selected = st().Reverse(true).Bold(true)
	s.Picker.Current = st().Underline(true)
	s.Picker.Count = plain
	s.Picker.Empty = st().Italic(true)

	s.Preview.Border = st().Border(lipgloss.NormalBorder(), false, false, false, true).PaddingLeft(1)
	s.Preview.Bar = plain
	s.Note = st().Bold(true)

	s.Help = help.Styles{
		Ellipsis: plain, ShortKey: st().Bold(true), ShortDesc: plain, ShortSeparator: plain,
		FullKey: st().Bold(true), FullDesc: plain, FullSeparator: plain,
	}
	s.TextInput = textinput.DefaultStyles(isDark)
	mono := textinput.StyleState{Text: plain, Placeholder: st().Faint(true), Suggestion: st().Faint(true), Prompt: st().Bold(true)}
	s.TextInput.Focused, s.TextInput.Blurred = mono, mono
	s.TextInput.Cursor.Color = nil
	s.TextInput.Cursor.Blink = false
	return s
}
