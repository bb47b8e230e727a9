package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// addDefaultExamples creates cobra's own help and completion commands now
// rather than at Execute, so that they too show an example in their help
// and in the man page, like every command of ours.
func addDefaultExamples(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Example = "  tidings help feeds add"
		case "completion":
			c.Example = "  tidings completion bash > ~/.local/share/bash-completion/completions/tidings"
			for _, shell := range c.Commands() {
				shell.Example = completionExample(shell.Name())
			}
		}
	}
}

func completionExample(shell string) string {
	switch shell {
	case "bash":
		return "  source <(tidings completion bash)\n" +
			"  tidings completion bash > ~/.local/share/bash-completion/completions/tidings"
	case "zsh":
		return "  tidings completion zsh > \"${fpath[1]}/_tidings\""
	case "fish":
		return "  tidings completion fish > ~/.config/fish/completions/tidings.fish"
	case "powershell":
		return "  tidings completion powershell | Out-String | Invoke-Expression"
	}
	return fmt.Sprintf("  tidings completion %s", shell)
}
