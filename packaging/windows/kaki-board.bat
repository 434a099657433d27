@echo off
rem Kaki board: tenjiku shogi in your browser.  Starts kaki-board.exe, which plays with
rem kaki.exe beside it, and opens its page (http://127.0.0.1:8080/, or another port when
rem 8080 is taken) in the default browser.  Close this window to stop the board.
rem Anything after the name goes to kaki-board.exe ("Kaki board.bat" --help lists it).
title Kaki board
cd /d "%~dp0"
kaki-board.exe --open %*
if errorlevel 1 kaki-board.exe --open --port 0 %*
if errorlevel 1 pause
