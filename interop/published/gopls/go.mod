module example.invalid/workspace

go 1.22
