package feeds

import "tidings/model"

func sourcesAll() model.SourcesQuery { return model.SourcesQuery{PageSize: 100} }
