package php

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzPHP(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "app/Models/Order.php", []string{
		defsSrc,
		"<?php\nnamespace App;\n/** An order. */\n#[ORM\\Entity]\nclass Order extends Model {\n    # a comment {\n    protected $fillable = [\n        'total',\n    ];\n" +
			"    public function __construct(private Mailer $m) {}\n    public const A = 'a', B = 2;\n}\n",
		"<?php\nenum Status: string { case A = 'a'; const D = self::A; public function x() {} }\nclass After {}\n",
		"<?php\nSchema::create('orders', function (Blueprint $table) {\n    $table->id();\n    $table->timestamps();\n});\n" +
			"define('KEY', <<<EOT\n}class Fake {\nEOT);\n$s = 'it\\'s {';\n",
		"<?php\nRoute::prefix('api')->group(function () {\n    Route::get('/x', [C::class, 'm']);\n});\nfunction f( {\nclass {\n}}\n{{\n",
		"<html><?php class T {} ?></html>\n<?php\nfunction g() {}\n",
	}, commented)
}

// commented: text in a block comment above a class, or in a string or
// heredoc inside it, defines nothing and ends nothing. (But a NUL byte:
// the PHP grammar's scanner reads it as the end of the input, and no
// source file holds one.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	quoted := strings.NewReplacer("\\", `\\`, `'`, `\'`).Replace(string(src))
	heredoc := strings.ReplaceAll(string(src), "EOT", "EOX")
	php := "<?php\n/*\n" + text + "\n*/\nclass Fixed\n{\n    /*\n" + text + "\n    */\n    public $id;\n" +
		"    public $note = '" + quoted + "';\n    public $doc = <<<'EOT'\n" + heredoc + "\nEOT;\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "src/Fixed.php", php, "Fixed", "id", "note", "doc")
}
