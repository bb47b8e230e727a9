package model

import "fmt"

// ErrorKind says which of the spec's error conditions a validation failure
// is, so the server can pick the status, code and error shape the spec's
// section 7 gives it.
type ErrorKind int

const (
	// KindParameter is any other invalid request parameter (BAD_REQUEST).
	KindParameter ErrorKind = iota
	// KindPagination is an invalid page or pageSize (BAD_REQUEST, spec 4.4).
	KindPagination
	// KindCountry is a malformed or unknown country (INVALID_COUNTRY_CODE).
	KindCountry
)

// Error codes the spec names (section 7).
const (
	CodeBadRequest         = "BAD_REQUEST"
	CodeInvalidCountryCode = "INVALID_COUNTRY_CODE"
)

// ValidationError is a query that breaks a rule of the spec. Param names the
// offending query parameter as the spec spells it ("pageSize").
type ValidationError struct {
	Param   string
	Kind    ErrorKind
	Message string
}

// Error implements error. The message is meant for people: it names the
// parameter and, where there is a list of allowed values, the values.
func (e *ValidationError) Error() string { return e.Message }

// Code is the spec's error code for this failure.
func (e *ValidationError) Code() string {
	if e.Kind == KindCountry {
		return CodeInvalidCountryCode
	}
	return CodeBadRequest
}

func paramError(param, format string, args ...any) *ValidationError {
	return &ValidationError{Param: param, Kind: KindParameter, Message: fmt.Sprintf(format, args...)}
}

func paginationError(param, format string, args ...any) *ValidationError {
	return &ValidationError{Param: param, Kind: KindPagination, Message: fmt.Sprintf(format, args...)}
}
